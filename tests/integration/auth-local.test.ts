/**
 * Local accounts end to end: the signup and login actions, the login loader,
 * rate limits and the known-device rule, session cookies against
 * /api/auth/user and /api/me, logout (POST only; GET asks first), expiry,
 * tampering and revocation. Route modules are called directly with real
 * `Request`s against this file's own temporary SQLite database.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, strategyAccess, subscriptions, users, type User } from "../../db/schema";
import { createLocalAccount } from "~/models/accounts.server";
import { deleteOtherSessions } from "~/models/sessions.server";
import { verifyLogin } from "~/models/users.server";
import * as authUserRoute from "~/routes/api.auth.user";
import * as logoutRoute from "~/routes/api.logout";
import * as logoutPage from "~/routes/logout";
import * as meRoute from "~/routes/api.me";
import * as loginRoute from "~/routes/login";
import * as signupRoute from "~/routes/signup";
import { getSessionCookie } from "~/services/cookies.server";
import { getDb } from "~/platform/db.server";
import { SIGN_IN_PER_EMAIL, SIGN_IN_PER_IP, SIGN_IN_PER_KNOWN_DEVICE } from "~/services/rate-limit.server";
import { createUser, insertStrategy } from "../support/fixtures";
import { callRoute, formRequest, getRequest, nextIp, setCookiePair } from "../support/http";

// argon2 (64 MiB, t=3) runs for every sign-in attempt; leave room when the suite runs files in parallel.
vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://localhost:3000";
const DAY_MS = 24 * 60 * 60 * 1000;
const GENERIC_LOGIN_ERROR = "Invalid email or password.";

const MAIN = { email: "tara.trader@example.com", password: "correct-horse-battery", firstName: "Tara", lastName: "Trader" };

// ---------------------------------------------------------------- helpers

/** A form post from a fresh client address (so tests do not share the per-IP limits), unless `headers` name one. */
function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return formRequest(`${ORIGIN}${path}`, fields, { headers: { "X-Forwarded-For": nextIp(), ...headers } });
}

function get(path: string, cookie?: string, method = "GET"): Request {
  return getRequest(`${ORIGIN}${path}`, { cookie, method });
}

/** The `name=value` pair of the `__session` Set-Cookie, or undefined. */
function sessionCookieOf(response: Response): string | undefined {
  return setCookiePair(response, "__session");
}

async function sessionIdOf(cookie: string): Promise<string> {
  const id = await getSessionCookie().parse(cookie);
  if (typeof id !== "string") throw new Error("cookie does not carry a session id");
  return id;
}

function login(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return callRoute(loginRoute.action, formPost("/login", fields, headers));
}

/** Signs in MAIN (or `who`) and returns the session cookie pair. */
async function signIn(who: { email: string; password: string } = MAIN): Promise<string> {
  const response = await login({ email: who.email, password: who.password });
  expect(response.status).toBe(302);
  const cookie = sessionCookieOf(response);
  expect(cookie).toBeDefined();
  return cookie!;
}

function authUser(cookie?: string) {
  return callRoute(authUserRoute.loader, get("/api/auth/user", cookie));
}

function userByEmail(email: string): User | undefined {
  return getDb().select().from(users).where(eq(users.email, email)).get();
}

function sessionRowsOf(userId: number) {
  return getDb().select().from(sessions).where(eq(sessions.userId, userId)).all();
}

interface Reply {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
}

/** The Conform result of a page action's reply (`handleIntent`: `{intent, submission}`). */
function replyOf(text: string): Reply {
  return (JSON.parse(text) as { submission: Reply }).submission;
}

// ---------------------------------------------------------------- fixtures

let inactiveStrategyId: number;
let activeStrategyIds: number[];
let mainUser: User;

beforeAll(async () => {
  const base = { riskClass: "Moderate", timeframes: "H1" };
  inactiveStrategyId = insertStrategy({ ...base, slug: "retired", name: "Retired", isActive: false }).id;
  activeStrategyIds = ["alpha-swing", "london-breakout", "gold-intraday", "fourth-active"].map(
    (slug) => insertStrategy({ ...base, slug, name: slug }).id,
  );
  mainUser = await createLocalAccount(MAIN);
});

// ---------------------------------------------------------------- signup

describe("signup action", () => {
  const valid = {
    firstName: "Nora",
    lastName: "Newcomer",
    email: "Nora.Newcomer@Example.com",
    password: "a-long-enough-password",
    acceptTerms: "on",
    returnTo: "/portal/dashboard?tab=signals",
  };

  it("creates the account, starts no session and sends the browser to check its email", async () => {
    const started = Date.now();
    const response = await callRoute(signupRoute.action, formPost("/signup", valid));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signup?sent=1&returnTo=${encodeURIComponent(valid.returnTo)}`);
    // No session: a registered address must get the very same answer (tests/integration/signup-verification.test.ts).
    expect(sessionCookieOf(response)).toBeUndefined();

    const user = userByEmail("nora.newcomer@example.com");
    expect(user).toBeDefined();
    expect(user!.firstName).toBe("Nora");
    expect(user!.lastName).toBe("Newcomer");
    expect(user!.role).toBe("user");
    expect(user!.emailVerifiedAt).toBeNull();
    // argon2id hash, never the plaintext
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(valid.password);
    expect(sessionRowsOf(user!.id)).toHaveLength(0);

    // the password signs in at once, before the address is verified
    const cookie = await signIn({ email: valid.email, password: valid.password });
    const me = await authUser(cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe("nora.newcomer@example.com");

    // 7-day TRIAL on Pro
    const sub = getDb().select().from(subscriptions).where(eq(subscriptions.userId, user!.id)).get();
    expect(sub).toBeDefined();
    expect(sub!.status).toBe("TRIAL");
    expect(sub!.plan).toBe("pro");
    expect(sub!.startDate.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(sub!.startDate.getTime()).toBeLessThanOrEqual(Date.now());
    expect(sub!.endDate.getTime() - sub!.startDate.getTime()).toBe(7 * DAY_MS);

    // Pro follows up to 3 strategies: the first three active ones, never the inactive one
    const access = getDb().select().from(strategyAccess).where(eq(strategyAccess.userId, user!.id)).all();
    expect(access.map((a) => a.strategyId).sort((a, b) => a - b)).toEqual(activeStrategyIds.slice(0, 3));
    expect(access.map((a) => a.strategyId)).not.toContain(inactiveStrategyId);
  });

  it("GET /api/me for the new account shows the Pro trial, its strategy access and the unverified email", async () => {
    await callRoute(signupRoute.action, formPost("/signup", { ...valid, email: "me.check@example.com", returnTo: "/portal" }));
    const cookie = await signIn({ email: "me.check@example.com", password: valid.password });
    const me = await callRoute(meRoute.loader, get("/api/me", cookie));
    expect(me.status).toBe(200);
    const body = (await me.json()) as {
      subscription: { status: string; planName: string };
      entitlements: { strategyAccess: number[] };
      emailVerified: boolean;
    };
    expect(body.subscription.status).toBe("TRIAL");
    expect(body.subscription.planName).toBe("Pro");
    expect([...body.entitlements.strategyAccess].sort((a, b) => a - b)).toEqual(activeStrategyIds.slice(0, 3));
    expect(body.emailVerified).toBe(false);
  });

  it("falls back to /dashboard for an off-site returnTo", async () => {
    const response = await callRoute(
      signupRoute.action,
      formPost("/signup", { ...valid, email: "offsite@example.com", returnTo: "https://evil.example/phish" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signup?sent=1&returnTo=%2Fdashboard");
  });

  it("answers a registered email (any case) exactly as a new one, and creates nothing", async () => {
    const before = getDb().select().from(users).all().length;
    const password = "another-secret-password";
    const response = await callRoute(
      signupRoute.action,
      formPost("/signup", { ...valid, email: "  TARA.Trader@EXAMPLE.com ", password }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signup?sent=1&returnTo=${encodeURIComponent(valid.returnTo)}`);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await response.text()).not.toContain(password);
    expect(getDb().select().from(users).all().length).toBe(before);
    expect(await verifyLogin(MAIN.email, password)).toBeNull();
  });

  it("rejects invalid fields with a 400 naming each of them, and creates nothing", async () => {
    const before = getDb().select().from(users).all().length;
    const password = "short";
    const response = await callRoute(
      signupRoute.action,
      formPost("/signup", { firstName: "   ", lastName: "", email: "not-an-email", password, acceptTerms: "on" }),
    );
    expect(response.status).toBe(400);
    expect(sessionCookieOf(response)).toBeUndefined();
    const text = await response.text();
    const reply = replyOf(text);
    expect(Object.keys(reply.error ?? {}).sort()).toEqual(["email", "firstName", "lastName", "password"]);
    expect(reply.error?.password?.join(" ")).toMatch(/at least 10/);
    expect(reply.initialValue?.password).toBeUndefined();
    expect(text).not.toMatch(/"password"\s*:\s*"short"/);
    expect(getDb().select().from(users).all().length).toBe(before);
  });

  it("never echoes the password back when another field is invalid", async () => {
    const password = "Very-Secret-Passphrase-42";
    const response = await callRoute(
      signupRoute.action,
      formPost("/signup", { firstName: "Eve", lastName: "", email: "eve@example.com", password, acceptTerms: "on" }),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain(password);
    const reply = replyOf(text);
    expect(reply.error?.lastName).toBeTruthy();
    // the other values are kept for re-rendering the form
    expect(reply.initialValue?.email).toBe("eve@example.com");
  });
});

// ---------------------------------------------------------------- login

describe("login action", () => {
  it("signs in: 302 to /dashboard by default, a session row and a __session cookie", async () => {
    const before = sessionRowsOf(mainUser.id).length;
    const response = await login({ email: MAIN.email, password: MAIN.password }, { "User-Agent": "vitest-agent/1.0" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    const rows = sessionRowsOf(mainUser.id);
    expect(rows.length).toBe(before + 1);
    const id = await sessionIdOf(cookie!);
    const row = rows.find((r) => r.id === id);
    expect(row).toBeDefined();
    expect(row!.userAgent).toBe("vitest-agent/1.0");
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // the cookie carries only the signed id: no email, no user data
    expect(cookie).not.toContain(MAIN.email);
  });

  it("matches the email case-insensitively and trims it", async () => {
    const response = await login({ email: `  ${MAIN.email.toUpperCase()} `, password: MAIN.password });
    expect(response.status).toBe(302);
    expect(sessionCookieOf(response)).toBeDefined();
  });

  it("honours a same-site returnTo path (with its query)", async () => {
    const response = await login({ email: MAIN.email, password: MAIN.password, returnTo: "/portal/signals?strategy=alpha-swing" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/signals?strategy=alpha-swing");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "falls back to /dashboard for returnTo %s",
    async (returnTo) => {
      const response = await login({ email: MAIN.email, password: MAIN.password, returnTo });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard");
    },
  );

  it("answers a wrong password and an unknown email with the same generic 400", async () => {
    const wrong = await login({ email: MAIN.email, password: "not-the-password" });
    const unknown = await login({ email: "nobody-here@example.com", password: "not-the-password" });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(400);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    const wrongText = await wrong.text();
    const unknownText = await unknown.text();
    expect(wrongText).not.toContain("not-the-password");
    expect(unknownText).not.toContain("not-the-password");
    const wrongReply = replyOf(wrongText);
    const unknownReply = replyOf(unknownText);
    // Conform keeps form-level errors under the "" key
    expect(wrongReply.error?.[""]).toEqual([GENERIC_LOGIN_ERROR]);
    expect(unknownReply.error?.[""]).toEqual([GENERIC_LOGIN_ERROR]);
    expect(wrongReply.error).toEqual(unknownReply.error);
  });

  it("rejects a missing email with a 400 field error before checking credentials", async () => {
    const response = await login({ email: "", password: "whatever-password" });
    expect(response.status).toBe(400);
    const reply = replyOf(await response.text());
    expect(reply.error?.email?.length).toBeGreaterThan(0);
    expect(JSON.stringify(reply)).not.toContain("whatever-password");
  });

  it("refuses an account that only signs in through OAuth (no password hash)", async () => {
    createUser({ email: "oauth-only@example.com", firstName: "O", lastName: "Auth" });
    const response = await login({ email: "oauth-only@example.com", password: "any-password-at-all" });
    expect(response.status).toBe(400);
    expect(sessionCookieOf(response)).toBeUndefined();
  });
});

describe("login rate limiting", { timeout: 180_000 }, () => {
  it("locks one email after SIGN_IN_PER_EMAIL wrong attempts, even from different IPs, with a numeric Retry-After", async () => {
    const victim = { email: "limited@example.com", password: "limited-password-1" };
    await createLocalAccount({ ...victim, firstName: "Lim", lastName: "Ited" });

    for (let i = 0; i < SIGN_IN_PER_EMAIL.points; i += 1) {
      const response = await login({ email: victim.email, password: `wrong-${i}` }); // fresh IP each time
      expect(response.status).toBe(400);
    }
    // the next attempt, from yet another IP and even with the right password (in another case), is refused
    const blocked = await login({ email: victim.email.toUpperCase(), password: victim.password });
    expect(blocked.status).toBe(429);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    const retryAfter = blocked.headers.get("Retry-After");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(SIGN_IN_PER_EMAIL.duration);
    const text = await blocked.text();
    expect(text).toMatch(/Too many sign-in attempts/);
    expect(text).not.toContain(victim.password);

    // another email is unaffected
    expect((await login({ email: MAIN.email, password: MAIN.password })).status).toBe(302);
  });

  it("a successful sign-in resets the per-email count", async () => {
    const user = { email: "resets@example.com", password: "resets-password-1" };
    await createLocalAccount({ ...user, firstName: "Re", lastName: "Set" });
    for (let i = 0; i < SIGN_IN_PER_EMAIL.points - 1; i += 1) {
      expect((await login({ email: user.email, password: "nope-nope" })).status).toBe(400);
    }
    expect((await login(user)).status).toBe(302);
    // after the reset, a full budget of wrong attempts is available again
    for (let i = 0; i < SIGN_IN_PER_EMAIL.points - 1; i += 1) {
      expect((await login({ email: user.email, password: "nope-nope" })).status).toBe(400);
    }
    expect((await login(user)).status).toBe(302);
  });

  it(
    "locks one IP after SIGN_IN_PER_IP attempts across many emails, while other IPs still sign in",
    async () => {
      const ip = "203.0.113.99";
      for (let i = 0; i < SIGN_IN_PER_IP.points; i += 1) {
        const response = await login({ email: `stranger${i}@example.com`, password: "guess-guess" }, { "X-Forwarded-For": ip });
        expect(response.status).toBe(400);
      }
      const blocked = await login({ email: MAIN.email, password: MAIN.password }, { "X-Forwarded-For": ip });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(sessionCookieOf(blocked)).toBeUndefined();

      // the same email from another address is fine
      const elsewhere = await login({ email: MAIN.email, password: MAIN.password }, { "X-Forwarded-For": "203.0.113.100" });
      expect(elsewhere.status).toBe(302);
    },
  );
});

describe("sign-in lock-out: a stranger cannot lock the owner out", { timeout: 180_000 }, () => {
  /** Locks `email` for browsers not known to it: SIGN_IN_PER_EMAIL wrong passwords from fresh IPs. */
  async function lockForStrangers(email: string): Promise<void> {
    for (let i = 0; i < SIGN_IN_PER_EMAIL.points; i += 1) {
      expect((await login({ email, password: `stranger-guess-${i}` })).status).toBe(400);
    }
    expect((await login({ email, password: "one-more-guess" })).status).toBe(429);
  }

  it("a correct password sets a signed, httpOnly __device cookie that does not carry the email", async () => {
    const response = await login({ email: MAIN.email, password: MAIN.password });
    expect(response.status).toBe(302);
    const device = response.headers.getSetCookie().find((c) => c.startsWith("__device="));
    expect(device).toBeDefined();
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    expect(decodeURIComponent(device!)).not.toContain(MAIN.email);
    expect(decodeURIComponent(device!)).not.toContain("tara");
    // a wrong password sets none
    const wrong = await login({ email: MAIN.email, password: "not-the-password" });
    expect(setCookiePair(wrong, "__device")).toBeUndefined();
  });

  it("the owner's browser that signed in before still signs in while strangers are locked out of the account", async () => {
    const owner = { email: "owner.device@example.com", password: "owner-device-password" };
    await createLocalAccount({ ...owner, firstName: "Own", lastName: "Er" });
    const first = await login(owner);
    expect(first.status).toBe(302);
    const device = setCookiePair(first, "__device")!;

    await lockForStrangers(owner.email);

    // the owner's known browser, from yet another IP, is not counted against the account
    const known = await login(owner, { Cookie: device });
    expect(known.status).toBe(302);
    expect(sessionCookieOf(known)).toBeDefined();
    // a browser without the cookie is still refused, even with the right password
    expect((await login(owner)).status).toBe(429);
  });

  it("a known device is only known to the account it signed in to, and a forged cookie counts for nothing", async () => {
    const a = { email: "device.a@example.com", password: "device-a-password" };
    const b = { email: "device.b@example.com", password: "device-b-password" };
    await createLocalAccount({ ...a, firstName: "A", lastName: "A" });
    await createLocalAccount({ ...b, firstName: "B", lastName: "B" });
    const deviceOfA = setCookiePair(await login(a), "__device")!;
    await lockForStrangers(b.email);
    expect((await login(b, { Cookie: deviceOfA })).status).toBe(429);
    const value = deviceOfA.slice("__device=".length);
    const forged = `__device=${value.slice(0, 10)}${value[10] === "A" ? "B" : "A"}${value.slice(11)}`;
    await lockForStrangers(a.email);
    expect((await login(a, { Cookie: forged })).status).toBe(429);
  });

  it("a known device's own wrong passwords are limited per device (SIGN_IN_PER_KNOWN_DEVICE)", async () => {
    const user = { email: "device.guesses@example.com", password: "device-guesses-password" };
    await createLocalAccount({ ...user, firstName: "G", lastName: "D" });
    const device = setCookiePair(await login(user), "__device")!;
    for (let i = 0; i < SIGN_IN_PER_KNOWN_DEVICE.points; i += 1) {
      expect((await login({ email: user.email, password: `typo-${i}` }, { Cookie: device })).status).toBe(400);
    }
    const blocked = await login(user, { Cookie: device });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    // the device's mistakes did not lock the account for the owner's other browsers
    expect((await login(user)).status).toBe(302);
  });
});

describe("login loader", () => {
  it("shows the form (200) when signed out", async () => {
    const response = await callRoute(loginRoute.loader, get("/login?returnTo=/portal"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ returnTo: "/portal" });
  });

  it("sanitises returnTo for the form", async () => {
    const response = await callRoute(loginRoute.loader, get(`/login?returnTo=${encodeURIComponent("//evil.example")}`));
    expect(((await response.json()) as { returnTo: string }).returnTo).toBe("/dashboard");
  });

  it("redirects a signed-in visitor to returnTo", async () => {
    const cookie = await signIn();
    const response = await callRoute(loginRoute.loader, get("/login?returnTo=/portal/alerts", cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/alerts");
    const offsite = await callRoute(loginRoute.loader, get(`/login?returnTo=${encodeURIComponent("https://evil.example")}`, cookie));
    expect(offsite.status).toBe(302);
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });
});

// ---------------------------------------------------------------- sessions

describe("session cookie and /api/auth/user", () => {
  it("401 problem without a cookie", async () => {
    const response = await authUser();
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401 });
  });

  it("200 with exactly {id,email,firstName,lastName,role} for a signed-in cookie, no password hash", async () => {
    const cookie = await signIn();
    const response = await authUser(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const text = await response.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({ id: mainUser.id, email: MAIN.email, firstName: "Tara", lastName: "Trader", role: "user" });
    expect(text).not.toMatch(/passwordHash|password_hash|argon2/);
  });

  it("an expired session row gets 401", async () => {
    const cookie = await signIn();
    const id = await sessionIdOf(cookie);
    expect((await authUser(cookie)).status).toBe(200);
    getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id)).run();
    expect((await authUser(cookie)).status).toBe(401);
  });

  it("a tampered cookie (one character changed in the signed value or in the signature) gets 401", async () => {
    const cookie = await signIn();
    expect((await authUser(cookie)).status).toBe(200);
    const value = cookie.slice("__session=".length);
    const dot = decodeURIComponent(value).lastIndexOf(".");
    expect(dot).toBeGreaterThan(0);
    const decoded = decodeURIComponent(value);
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === "A" ? "B" : "A"}${s.slice(at + 1)}`;

    const payloadTampered = `__session=${encodeURIComponent(flip(decoded, Math.floor(dot / 2)))}`;
    const signatureTampered = `__session=${encodeURIComponent(flip(decoded, dot + 5))}`;
    expect(payloadTampered).not.toBe(cookie);
    expect(signatureTampered).not.toBe(cookie);
    expect((await authUser(payloadTampered)).status).toBe(401);
    expect((await authUser(signatureTampered)).status).toBe(401);

    // an unsigned cookie carrying a real session id is not accepted either
    const id = await sessionIdOf(cookie);
    expect((await authUser(`__session=${id}`)).status).toBe(401);
  });

  it("a cookie for a deleted user gets 401", async () => {
    const ghost = await createLocalAccount({ email: "ghost@example.com", password: "ghost-password-1", firstName: "G", lastName: "H" });
    const cookie = await signIn({ email: "ghost@example.com", password: "ghost-password-1" });
    expect((await authUser(cookie)).status).toBe(200);
    getDb().delete(users).where(eq(users.id, ghost.id)).run();
    expect((await authUser(cookie)).status).toBe(401);
  });
});

describe("logout", () => {
  it("POST: deletes the session row, clears the cookie, and the old cookie is refused at once", async () => {
    const cookie = await signIn();
    const id = await sessionIdOf(cookie);
    expect((await authUser(cookie)).status).toBe(200);

    const response = await callRoute(logoutRoute.action, get("/api/logout", cookie, "POST"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // the cleared cookie no longer names a session
    expect(await getSessionCookie().parse(cleared!.split(";")[0])).not.toBe(id);

    expect(getDb().select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
    expect((await authUser(cookie)).status).toBe(401);
  });

  it("GET (a link any site can make) only leads to the confirmation page: the session stays", async () => {
    const cookie = await signIn();
    const id = await sessionIdOf(cookie);
    const response = await callRoute(logoutRoute.loader, get("/api/logout", cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/logout");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(getDb().select().from(sessions).where(eq(sessions.id, id)).get()).toBeDefined();
    expect((await authUser(cookie)).status).toBe(200);
  });

  it("the confirmation page greets the signed-in user; signed out, it goes home", async () => {
    const cookie = await signIn();
    const page = await callRoute(logoutPage.loader, get("/logout", cookie));
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ name: "Tara" });
    const signedOut = await callRoute(logoutPage.loader, get("/logout"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/");
  });

  it("only the signed-out session ends; the user's other sessions stay", async () => {
    const a = await signIn();
    const b = await signIn();
    await callRoute(logoutRoute.action, get("/api/logout", a, "POST"));
    expect((await authUser(a)).status).toBe(401);
    expect((await authUser(b)).status).toBe(200);
  });

  it("signed out already: still redirects home and clears the cookie", async () => {
    const response = await callRoute(logoutRoute.action, get("/api/logout", undefined, "POST"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("deleteOtherSessions", () => {
  it("revokes every other session of the user but keeps the current one (and other users' sessions)", async () => {
    const user = { email: "multi@example.com", password: "multi-device-pass" };
    const multi = await createLocalAccount({ ...user, firstName: "Multi", lastName: "Device" });
    const current = await signIn(user);
    const laptop = await signIn(user);
    const phone = await signIn(user);
    const someoneElse = await signIn();

    const revoked = deleteOtherSessions(multi.id, await sessionIdOf(current));
    expect(revoked).toBe(2);

    expect((await authUser(current)).status).toBe(200);
    expect((await authUser(laptop)).status).toBe(401);
    expect((await authUser(phone)).status).toBe(401);
    expect((await authUser(someoneElse)).status).toBe(200);
    const rows = getDb().select().from(sessions).where(eq(sessions.userId, multi.id)).all();
    expect(rows.map((r) => r.id)).toEqual([await sessionIdOf(current)]);
  });
});
