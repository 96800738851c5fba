/**
 * Verified email addresses: sign-up answers a registered address as a new one
 * and mails its owner instead; a new account gets a verification link (mailed
 * through a real SMTP server on 127.0.0.1) that works once; the banner's
 * resend replaces the link; an email change waits for the link mailed to the
 * new address; and no signal is emailed to an unverified address.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deliveryJobs, users } from "../../db/schema";
import { createLocalAccount } from "~/models/accounts.server";
import { issueAccountToken } from "~/models/account-tokens.server";
import { publishSignal } from "~/models/signals.server";
import { expandDueFanouts } from "~/models/outbox-fanout.server";
import * as meRoute from "~/routes/api.me";
import * as profileRoute from "~/routes/portal.account._index";
import * as signupRoute from "~/routes/signup";
import * as verifyRoute from "~/routes/verify-email";
import { getDb } from "~/platform/db.server";
import { closeMailer } from "~/services/mailer.server";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest, getRequest, nextIp, setCookiePair } from "../support/http";
import { mailTo, tokenLinkIn, waitForMail } from "../support/mailbox";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://localhost:3000";
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.APP_URL = ORIGIN;
});
afterAll(async () => {
  closeMailer();
  await sink.close();
});

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  formRequest(`${ORIGIN}${path}`, fields, { headers: { "X-Forwarded-For": nextIp(), ...(cookie ? { Cookie: cookie } : {}) } });
const userRow = (email: string) => getDb().select().from(users).where(eq(users.email, email)).get();

function signup(email: string, password = "a-long-enough-password") {
  return callRoute(signupRoute.action, post("/signup", { firstName: "Vera", lastName: "Verify", email, password, acceptTerms: "on", returnTo: "/portal/dashboard" }));
}

async function verifyPage(token: string) {
  return (await (await callRoute(verifyRoute.loader, getRequest(`${ORIGIN}/verify-email?token=${encodeURIComponent(token)}`))).json()) as {
    token: string | null;
    email: string | null;
  };
}

const confirm = (token: string) => callRoute(verifyRoute.action, post("/verify-email", { intent: "confirm", token }));

describe("sign-up and verification", () => {
  it("mails a new account a link that verifies the address once", async () => {
    const email = "vera.new@example.com";
    const response = await signup(email);
    expect(response.status).toBe(302);
    expect(userRow(email)!.emailVerifiedAt).toBeNull();
    const { token } = tokenLinkIn(await waitForMail(sink, email, "Verify your email for FX Trader"), "/verify-email");
    // Opening the link only shows the Confirm button: nothing is verified by a GET.
    expect(await verifyPage(token)).toMatchObject({ token, email });
    expect(userRow(email)!.emailVerifiedAt).toBeNull();

    const done = await confirm(token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(userRow(email)!.emailVerifiedAt).not.toBeNull();
    expect((await verifyPage(token)).token).toBeNull();
    expect((await confirm(token)).status).toBe(400);
  });

  it("answers a registered address as a new one and mails its owner, not a link", async () => {
    const owner = createUser({ firstName: "Olga", email: "olga.owner@example.com" });
    const fresh = await signup("someone.new@example.com");
    const taken = await signup(owner.email, "an-attackers-password");
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("Location")).toBe(fresh.headers.get("Location"));
    expect([...taken.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect(await taken.text()).toBe(await fresh.text());
    const notice = await waitForMail(sink, owner.email, "Someone tried to sign up with your email");
    expect(notice.decoded).toContain(`${ORIGIN}/forgot-password`);
    expect(mailTo(sink, owner.email)).toHaveLength(1);
  });

  it("refuses an expired verification link", async () => {
    const user = await createLocalAccount({ email: "vera.late@example.com", password: "a-long-enough-password", firstName: "V", lastName: "L" });
    const token = issueAccountToken(user.id, "email-verify", user.email, new Date(Date.now() - DAY - 1000));
    expect((await verifyPage(token)).token).toBeNull();
    expect((await confirm(token)).status).toBe(400);
    expect(userRow(user.email)!.emailVerifiedAt).toBeNull();
  });

  it("resends a new link for the signed-in user, which replaces the old one; GET /api/me tells", async () => {
    const user = await createLocalAccount({ email: "vera.resend@example.com", password: "a-long-enough-password", firstName: "V", lastName: "R" });
    const old = issueAccountToken(user.id, "email-verify", user.email, new Date());
    const cookie = await signedInCookie(user.id);
    const me = await callRoute(meRoute.loader, getRequest(`${ORIGIN}/api/me`, { cookie }));
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(false);

    const response = await callRoute(verifyRoute.action, post("/verify-email?returnTo=%2Fportal%2Fstrategies", { intent: "resend" }, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/strategies");
    expect(setCookiePair(response, "__flash")).toBeDefined();
    const { token } = tokenLinkIn(await waitForMail(sink, user.email, "Verify your email"), "/verify-email");
    expect(token).not.toBe(old);
    expect((await confirm(old)).status).toBe(400);
    expect((await confirm(token)).status).toBe(302);
    const after = await callRoute(meRoute.loader, getRequest(`${ORIGIN}/api/me`, { cookie }));
    expect(((await after.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
  });

  it("sends a signed-out resend to sign in", async () => {
    const response = await callRoute(verifyRoute.action, post("/verify-email", { intent: "resend" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });

  it("changes the email only when the link mailed to the new address is opened, and tells the old one", async () => {
    const user = createUser({ firstName: "Carl", email: "carl.old@example.com" });
    const cookie = await signedInCookie(user.id);
    const response = await callRoute(
      profileRoute.action,
      post("/portal/account?index", { intent: "update-profile", firstName: "Carl", lastName: "Change", email: "Carl.New@Example.com" }, cookie),
    );
    expect(response.status).toBe(302);
    expect(userRow("carl.old@example.com")).toBeDefined();
    await waitForMail(sink, "carl.old@example.com", "A change of your FX Trader email was requested");
    const { token } = tokenLinkIn(await waitForMail(sink, "carl.new@example.com", "Confirm your new email"), "/verify-email");
    expect(await verifyPage(token)).toMatchObject({ token, email: "carl.new@example.com" });
    const done = await callRoute(verifyRoute.action, post("/verify-email", { intent: "confirm", token }, cookie));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/portal/account");
    expect(userRow("carl.old@example.com")).toBeUndefined();
    expect(userRow("carl.new@example.com")).toMatchObject({ id: user.id });
    expect(userRow("carl.new@example.com")!.emailVerifiedAt).not.toBeNull();
    expect((await confirm(token)).status).toBe(400);
  });

  it("emails signals only to verified addresses", async () => {
    const admin = createUser({ role: "admin", firstName: "Ada" });
    const strategyId = insertStrategy({ slug: "verify-swing", name: "Verify Swing" }).id;
    const verified = createUser({ firstName: "Val" });
    const unverified = createUser({ firstName: "Una", emailVerifiedAt: null });
    for (const user of [verified, unverified]) {
      insertSubscription(user.id, "starter");
      insertStrategyAccess(user.id, [strategyId]);
    }
    publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), admin.id);
    expandDueFanouts("test", new Date(), { leaseMs: 60_000 });
    const emailJobs = (userId: number) =>
      getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.userId, userId), eq(deliveryJobs.channel, "email"))).all();
    expect(emailJobs(verified.id)).toHaveLength(1);
    expect(emailJobs(unverified.id)).toHaveLength(0);
  });
});
