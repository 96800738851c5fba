/**
 * The second sign-in step for accounts with two-factor authentication: the
 * login action (and signIn, which the OAuth callback also uses) hands off to
 * /login/two-factor without a session; only a valid, unused TOTP code there
 * starts the session. Real `Request`s against this file's temporary SQLite
 * database; codes come from @epic-web/totp with the stored secret, and the
 * clock (Date only) is pinned so time steps are deterministic.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, type User } from "../../db/schema";
import { createLocalAccount } from "~/models/accounts.server";
import { confirmEnrolment, startEnrolment } from "~/models/two-factor.server";
import * as authUserRoute from "~/routes/api.auth.user";
import * as loginRoute from "~/routes/login";
import * as twoFactorRoute from "~/routes/login_.two-factor";
import { getSessionCookie } from "~/services/cookies.server";
import { getDb } from "~/platform/db.server";
import { SIGN_IN_PER_EMAIL } from "~/services/rate-limit.server";
import { signIn } from "~/services/session.server";
import { PENDING_TWO_FACTOR_MS, readPendingTwoFactor } from "~/services/two-factor-flow.server";
import { callRoute, formRequest, getRequest, nextIp, setCookiePair } from "../support/http";
import { toastOf } from "../support/toast";
import { currentCode, STEP_MS, wrongCode } from "../support/totp";

const ORIGIN = "http://localhost:3000";
const INVALID_CODE = "Invalid code. Enter the current 6-digit code from your authenticator app.";
const PASSWORD = "correct-horse-battery";

// ---------------------------------------------------------------- helpers

function formPost(path: string, fields: Record<string, string>, cookie?: string): Request {
  return formRequest(`${ORIGIN}${path}`, fields, { cookie, headers: { "X-Forwarded-For": nextIp() } });
}

function get(path: string, cookie?: string): Request {
  return getRequest(`${ORIGIN}${path}`, { cookie });
}

function sessionCount(userId: number): number {
  return getDb().select().from(sessions).where(eq(sessions.userId, userId)).all().length;
}

/** Moves the clock to 5 s into the next TOTP step, so the app shows a fresh code. */
function nextStep(): void {
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS + 5_000);
}

let accountCounter = 0;
/** The recovery codes issued to the last account `accountWithTwoFactor` enrolled. */
let recoveryCodes: string[] = [];
/** A local account with two-factor enabled (enrolled and confirmed one step ago). */
async function accountWithTwoFactor(): Promise<User> {
  accountCounter += 1;
  const user = await createLocalAccount({
    email: `two.factor.${accountCounter}@example.com`,
    password: PASSWORD,
    firstName: "Tess",
    lastName: "Factor",
  });
  startEnrolment(user.id);
  recoveryCodes = (await confirmEnrolment(user.id, await currentCode(user.id)))!;
  expect(recoveryCodes).toHaveLength(10);
  nextStep();
  return user;
}

/** Posts the right credentials; returns the response and the pending (__flash) cookie. */
async function firstFactor(user: User, returnTo = "/portal/account/security") {
  const response = await callRoute(loginRoute.action, formPost("/login", { email: user.email, password: PASSWORD, returnTo }));
  return { response, pending: setCookiePair(response, "__flash") };
}

function submitCode(code: string, cookie?: string) {
  return callRoute(twoFactorRoute.action, formPost("/login/two-factor", { code }, cookie));
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  nextStep();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------- tests

describe("first factor for a 2FA account", () => {
  it("a correct password redirects to /login/two-factor with NO __session cookie and no session row", async () => {
    const user = await accountWithTwoFactor();
    const { response, pending } = await firstFactor(user);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    expect(setCookiePair(response, "__session")).toBeUndefined();
    expect(pending).toBeDefined();
    expect(sessionCount(user.id)).toBe(0);

    const state = await readPendingTwoFactor(get("/login/two-factor", pending));
    expect(state).toMatchObject({ userId: user.id, returnTo: "/portal/account/security" });
  });

  it("a wrong password still gets the generic error, never the code step", async () => {
    const user = await accountWithTwoFactor();
    const response = await callRoute(loginRoute.action, formPost("/login", { email: user.email, password: "not-the-password" }));
    expect(response.status).toBe(400);
    expect(setCookiePair(response, "__flash")).toBeUndefined();
  });

  it("signIn (shared by the local and OAuth paths) routes a 2FA user to the code step, others straight in", async () => {
    const user = await accountWithTwoFactor();
    const routed = await signIn(get("/api/callback"), user.id, "/portal/dashboard", { "Set-Cookie": "oauth-state=; Max-Age=0" }, "127.0.0.1");
    expect(routed.status).toBe(302);
    expect(routed.headers.get("Location")).toBe("/login/two-factor");
    expect(setCookiePair(routed, "__session")).toBeUndefined();
    expect(setCookiePair(routed, "oauth-state")).toBe("oauth-state=");
    const pending = await readPendingTwoFactor(get("/login/two-factor", setCookiePair(routed, "__flash")));
    expect(pending).toMatchObject({ userId: user.id, returnTo: "/portal/dashboard" });

    const plain = await createLocalAccount({ email: "no.factor@example.com", password: PASSWORD, firstName: "No", lastName: "Factor" });
    const direct = await signIn(get("/api/callback"), plain.id, "/portal/dashboard", {}, "127.0.0.1");
    expect(direct.headers.get("Location")).toBe("/portal/dashboard");
    expect(setCookiePair(direct, "__session")).toBeDefined();
  });
});

describe("/login/two-factor", () => {
  it("without a pending sign-in, the page and the form send the visitor to /login", async () => {
    const page = await callRoute(twoFactorRoute.loader, get("/login/two-factor"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");

    const posted = await submitCode("123456");
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/login");
    expect(setCookiePair(posted, "__session")).toBeUndefined();
  });

  it("shows the code form while a sign-in is pending", async () => {
    const user = await accountWithTwoFactor();
    const { pending } = await firstFactor(user);
    const page = await callRoute(twoFactorRoute.loader, get("/login/two-factor", pending));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(twoFactorRoute.meta({} as never)).toContainEqual({ title: "Two-Factor Verification | FX Trader" });
  });

  it("a wrong code gets 400 with the message and no session", async () => {
    const user = await accountWithTwoFactor();
    const { pending } = await firstFactor(user);
    const response = await submitCode(await wrongCode(user.id), pending);
    expect(response.status).toBe(400);
    expect(setCookiePair(response, "__session")).toBeUndefined();
    const reply = ((await response.json()) as { submission: { error?: Record<string, string[] | null> } }).submission;
    expect(reply.error?.code).toEqual([INVALID_CODE]);
    expect(sessionCount(user.id)).toBe(0);

    const malformed = await submitCode("12ab", pending);
    expect(malformed.status).toBe(400);
    expect(setCookiePair(malformed, "__session")).toBeUndefined();
  });

  it("the right code starts the session, clears the pending step and redirects to returnTo", async () => {
    const user = await accountWithTwoFactor();
    const { pending } = await firstFactor(user, "/portal/strategies?tab=signals");
    const code = await currentCode(user.id);
    const response = await submitCode(code, pending);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/strategies?tab=signals");

    const session = setCookiePair(response, "__session");
    expect(session).toBeDefined();
    expect(sessionCount(user.id)).toBe(1);
    const me = await callRoute(authUserRoute.loader, get("/api/auth/user", session));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(user.email);
    expect(await getSessionCookie().parse(session!)).toMatch(/^[0-9a-f]{64}$/);

    // The pending step is gone from the browser's flash cookie.
    const cleared = setCookiePair(response, "__flash");
    expect(cleared).toBeDefined();
    expect(await readPendingTwoFactor(get("/login/two-factor", cleared))).toBeNull();

    // The same code cannot be replayed with the old pending cookie.
    const replay = await submitCode(code, pending);
    expect(replay.status).toBe(400);
    expect(setCookiePair(replay, "__session")).toBeUndefined();
    expect(sessionCount(user.id)).toBe(1);
  });

  it("a recovery code signs in once (typed in any case, with spaces), and the toast says how many are left", async () => {
    const user = await accountWithTwoFactor();
    expect(recoveryCodes.every((code) => /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/.test(code))).toBe(true);
    expect(new Set(recoveryCodes).size).toBe(10);
    const typed = recoveryCodes[3].toUpperCase().replace(/-/g, " ");
    const { pending } = await firstFactor(user, "/portal/dashboard");
    const response = await submitCode(typed, pending);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/dashboard");
    expect(setCookiePair(response, "__session")).toBeDefined();
    expect(await toastOf(response)).toEqual({
      title: "Signed In With a Recovery Code",
      description: "9 of 10 recovery codes left. Generate new ones in Account → Security.",
    });
    expect(await readPendingTwoFactor(get("/login/two-factor", setCookiePair(response, "__flash")))).toBeNull();

    // Spent: the same code is refused next time, with the recovery code's message.
    const again = await firstFactor(user, "/portal/dashboard");
    const reused = await submitCode(recoveryCodes[3], again.pending);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { submission: { error?: Record<string, string[]> } }).submission.error?.code).toEqual([
      "Invalid recovery code. Check it for typos, or use another unused code.",
    ]);
    expect(sessionCount(user.id)).toBe(1);
  });

  it("the pending step expires after its time limit", async () => {
    const user = await accountWithTwoFactor();
    const { pending } = await firstFactor(user);
    vi.setSystemTime(Date.now() + PENDING_TWO_FACTOR_MS + 1_000);
    const page = await callRoute(twoFactorRoute.loader, get("/login/two-factor", pending));
    expect(page.headers.get("Location")).toBe("/login");
    const posted = await submitCode(await currentCode(user.id), pending);
    expect(posted.headers.get("Location")).toBe("/login");
    expect(setCookiePair(posted, "__session")).toBeUndefined();
  });

  it("limits code guesses per account: 429 with Retry-After once the budget is spent", async () => {
    const user = await accountWithTwoFactor();
    const { pending } = await firstFactor(user);
    const wrong = await wrongCode(user.id);
    for (let i = 0; i < SIGN_IN_PER_EMAIL.points; i++) {
      expect((await submitCode(wrong, pending)).status).toBe(400);
    }
    const limited = await submitCode(await currentCode(user.id), pending);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(setCookiePair(limited, "__session")).toBeUndefined();
  });
});
