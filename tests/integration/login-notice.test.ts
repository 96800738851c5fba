/**
 * Login notifications end to end: a successful sign-in (password, the OAuth
 * path's shared `signIn`, after the two-factor step) of a user with login
 * notifications on enqueues an email job; the worker sends it through the
 * mailer to a real SMTP server on 127.0.0.1 with the time, the address the
 * server trusts (the load context's, not a forwarded header), the user agent
 * and the "If this wasn't you" line linking to Account → Security.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalAccount } from "~/models/accounts.server";
import { confirmEnrolment, startEnrolment } from "~/models/two-factor.server";
import { saveSecuritySettings } from "~/models/user-settings.server";
import * as loginRoute from "~/routes/login";
import * as twoFactorRoute from "~/routes/login_.two-factor";
import { createDeliveryWorker, type DeliveryWorker } from "~/services/delivery-worker.server";
import { signIn } from "~/services/session.server";
import { formRequest, getRequest, setCookiePair } from "../support/http";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { currentCode, STEP_MS } from "../support/totp";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-battery";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0";
const TRUSTED_IP = "203.0.113.7";
const SPOOFED_IP = "198.51.100.9";

let sink: SmtpSink;
let worker: DeliveryWorker;
let accounts = 0;

function account(): ReturnType<typeof createLocalAccount> {
  accounts += 1;
  return createLocalAccount({ email: `login.notice.${accounts}@example.com`, password: PASSWORD, firstName: "Lena", lastName: "Notice" });
}

/** Calls a route handler with the load context the server gives it (the trusted client address). */
async function call(handler: (args: never) => unknown, request: Request): Promise<Response> {
  try {
    return (await handler({ request, params: {}, context: { clientIp: TRUSTED_IP } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return formRequest(`${ORIGIN}${path}`, fields, { cookie, headers: { "User-Agent": BROWSER, "X-Forwarded-For": SPOOFED_IP, "X-Real-IP": SPOOFED_IP } });
}

/** Runs the worker and returns the messages that arrived for `email` meanwhile. */
async function mailsTo(email: string): Promise<SmtpSink["messages"]> {
  await worker.runOnce();
  return sink.messages.filter((m) => m.to.includes(email));
}

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "FX Trader <security@fx.example>";
  worker = createDeliveryWorker({ log: () => {} });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await worker.stop();
  await sink.close();
});

describe("login notifications", () => {
  it("a password sign-in mails the time, the trusted address, the browser and the way to react", async () => {
    const user = await account();
    const before = Date.now();
    const response = await call(loginRoute.action, post("/login", { email: user.email, password: PASSWORD, returnTo: "/portal/dashboard" }));
    expect(response.headers.get("Location")).toBe("/portal/dashboard");
    expect(setCookiePair(response, "__session")).toBeDefined();

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.header("Subject")).toBe("New sign-in to your FX Trader account");
    const time = /Time \(UTC\): (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/.exec(mail.decoded)?.[1];
    expect(time).toBeDefined();
    expect(Math.abs(Date.parse(`${time!.replace(" ", "T")}Z`) - before)).toBeLessThan(5_000);
    expect(mail.decoded).toContain(`IP address: ${TRUSTED_IP}`);
    expect(mail.decoded).not.toContain(SPOOFED_IP);
    expect(mail.decoded).toContain(`Browser: ${BROWSER}`);
    expect(mail.decoded).toMatch(/If this wasn't you, sign out all sessions and change your password: http:\/\/[^\s]+\/portal\/account\/security/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it("a wrong password mails nothing, and neither does a sign-in with login notifications off", async () => {
    const user = await account();
    const refused = await call(loginRoute.action, post("/login", { email: user.email, password: "not-the-password" }));
    expect(refused.status).toBe(400);
    expect(await mailsTo(user.email)).toHaveLength(0);

    saveSecuritySettings(user.id, { loginNotifications: false, sessionTimeoutMinutes: 43_200 });
    const response = await call(loginRoute.action, post("/login", { email: user.email, password: PASSWORD }));
    expect(setCookiePair(response, "__session")).toBeDefined();
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("the OAuth path's signIn mails like a password sign-in", async () => {
    const user = await account();
    await signIn(getRequest(`${ORIGIN}/api/callback`, { headers: { "User-Agent": BROWSER } }), user.id, "/portal/dashboard", {}, TRUSTED_IP);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain(`IP address: ${TRUSTED_IP}`);
  });

  it("with two-factor authentication the email is sent after the code step, not after the password", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
    const user = await account();
    startEnrolment(user.id);
    expect(await confirmEnrolment(user.id, await currentCode(user.id))).toHaveLength(10);
    vi.setSystemTime(Date.now() + STEP_MS);

    const first = await call(loginRoute.action, post("/login", { email: user.email, password: PASSWORD }));
    expect(first.headers.get("Location")).toBe("/login/two-factor");
    expect(await mailsTo(user.email)).toHaveLength(0);

    const second = await call(twoFactorRoute.action, post("/login/two-factor", { code: await currentCode(user.id) }, setCookiePair(first, "__flash")));
    expect(setCookiePair(second, "__session")).toBeDefined();
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain(`IP address: ${TRUSTED_IP}`);
  });
});
