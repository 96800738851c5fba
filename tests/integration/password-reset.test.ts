/**
 * Forgotten passwords end to end at the route level: /forgot-password mails a
 * link through a real SMTP server on 127.0.0.1 for known addresses only but
 * answers every address alike, in the same time; /reset-password spends the
 * token once, sets the password, ends every session, mails a notice, and asks
 * for the second factor when two-factor is on. Real SQLite file, real argon2.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountTokens, sessions, users } from "../../db/schema";
import { createLocalAccount } from "~/models/accounts.server";
import { issueAccountToken } from "~/models/account-tokens.server";
import { confirmEnrolment, startEnrolment } from "~/models/two-factor.server";
import { verifyLogin } from "~/models/users.server";
import * as forgotRoute from "~/routes/forgot-password";
import * as resetRoute from "~/routes/reset-password";
import { getDb } from "~/platform/db.server";
import { ACCOUNT_MAIL_PER_ADDRESS, limitAccountMail } from "~/services/rate-limit.server";
import { closeMailer } from "~/services/mailer.server";
import { RESET_REQUEST_FLOOR_MS } from "~/services/password-reset.server";
import { signedInSession } from "../support/fixtures";
import { callRoute, formRequest, getRequest, nextIp, setCookiePair } from "../support/http";
import { mailTo, tokenLinkIn, waitForMail } from "../support/mailbox";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { currentCode } from "../support/totp";

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://localhost:3000";
const OLD_PASSWORD = "the-old-password";
const NEW_PASSWORD = "a-brand-new-password";
let sink: SmtpSink;
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.APP_URL = ORIGIN;
});
afterAll(async () => {
  closeMailer();
  await sink.close();
});

async function account(prefix = "reset") {
  counter += 1;
  return createLocalAccount({ email: `${prefix}.${counter}@example.com`, password: OLD_PASSWORD, firstName: "Rita", lastName: "Reset" });
}

function forgot(email: string, ip = nextIp()) {
  return callRoute(forgotRoute.action, formRequest(`${ORIGIN}/forgot-password`, { email }, { headers: { "X-Forwarded-For": ip } }));
}

function reset(token: string, password = NEW_PASSWORD) {
  return callRoute(resetRoute.action, formRequest(`${ORIGIN}/reset-password`, { token, password }, { headers: { "X-Forwarded-For": nextIp() } }));
}

async function resetPageToken(token: string): Promise<string | null> {
  const response = await callRoute(resetRoute.loader, getRequest(`${ORIGIN}/reset-password?token=${encodeURIComponent(token)}`));
  return ((await response.json()) as { token: string | null }).token;
}

const tokenRows = (userId: number) => getDb().select().from(accountTokens).where(eq(accountTokens.userId, userId)).all();
const sessionRows = (userId: number) => getDb().select().from(sessions).where(eq(sessions.userId, userId)).all();

describe("forgot and reset password", () => {
  it("mails a single-use link that sets the password, ends every other session and signs in", async () => {
    const user = await account();
    const elsewhere = await signedInSession(user.id);
    const response = await forgot(user.email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password?sent=1");

    const mail = await waitForMail(sink, user.email, "Reset your FX Trader password");
    const { url, token } = tokenLinkIn(mail, "/reset-password");
    expect(url.origin).toBe(ORIGIN);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    expect(tokenRows(user.id).map((row) => row.tokenHash)).not.toContain(token);
    expect(await resetPageToken(token)).toBe(token);

    const done = await reset(token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/portal/dashboard");
    const cookie = setCookiePair(done, "__session");
    expect(cookie).toBeDefined();
    const rows = sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(elsewhere.sessionId);

    expect(await verifyLogin(user.email, OLD_PASSWORD)).toBeNull();
    expect((await verifyLogin(user.email, NEW_PASSWORD))?.id).toBe(user.id);
    expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.emailVerifiedAt).not.toBeNull();
    await waitForMail(sink, user.email, "Your FX Trader password was changed");

    // Used once: the page and the form refuse it now.
    expect(await resetPageToken(token)).toBeNull();
    const again = await reset(token, "yet-another-password");
    expect(again.status).toBe(400);
    expect(await verifyLogin(user.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("answers an unknown address exactly as a known one and mails nothing", async () => {
    const before = sink.messages.length;
    const response = await forgot("nobody.here@example.com");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(getDb().select().from(accountTokens).all().some((row) => row.email === "nobody.here@example.com")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.length).toBe(before);
  });

  it("refuses an expired link, and an older link once a newer one was asked for", async () => {
    const user = await account();
    const expired = issueAccountToken(user.id, "password-reset", user.email, new Date(Date.now() - 31 * 60_000));
    expect(await resetPageToken(expired)).toBeNull();
    expect((await reset(expired)).status).toBe(400);

    await forgot(user.email);
    const first = tokenLinkIn(await waitForMail(sink, user.email, "Reset your"), "/reset-password").token;
    const seen = mailTo(sink, user.email);
    await forgot(user.email);
    const second = tokenLinkIn(await waitForMail(sink, user.email, "Reset your", 5_000, seen), "/reset-password").token;
    expect(second).not.toBe(first);
    expect((await reset(first)).status).toBe(400);
    expect(await verifyLogin(user.email, OLD_PASSWORD)).not.toBeNull();
    expect((await reset(second)).status).toBe(302);
  });

  it("asks for the second factor before signing in when two-factor is on", async () => {
    const user = await account("twofa");
    startEnrolment(user.id);
    await confirmEnrolment(user.id, await currentCode(user.id));
    const token = issueAccountToken(user.id, "password-reset", user.email, new Date());
    const response = await reset(token);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    expect(setCookiePair(response, "__session")).toBeUndefined();
    expect(sessionRows(user.id)).toHaveLength(0);
    expect(await verifyLogin(user.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("rejects a new password that breaks the sign-up's rules and keeps the token", async () => {
    const user = await account();
    const token = issueAccountToken(user.id, "password-reset", user.email, new Date());
    const response = await reset(token, "short");
    expect(response.status).toBe(400);
    expect(await resetPageToken(token)).toBe(token);
  });

  it("limits requests per address whichever client sends them, and per client", async () => {
    const address = "limited.address@example.com";
    for (let i = 0; i < ACCOUNT_MAIL_PER_ADDRESS.points; i += 1) expect(await limitAccountMail("reset", nextIp(), address)).toBeNull();
    const response = await forgot(address);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("takes the same time for an unknown address as for a known one", async () => {
    const known = await Promise.all(Array.from({ length: 8 }, () => account("timing")));
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < known.length; i += 1) {
      let started = performance.now();
      await forgot(known[i]!.email);
      timings.known.push(performance.now() - started);
      started = performance.now();
      await forgot(`no.such.${i}@example.com`);
      timings.unknown.push(performance.now() - started);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    expect(median(timings.known)).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 1);
    expect(median(timings.unknown)).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 1);
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(25);
    console.log(`reset request medians (ms): known ${median(timings.known).toFixed(1)}, unknown ${median(timings.unknown).toFixed(1)}`);
  });
});
