/**
 * OAuth2/OIDC sign-in against a real local provider (oauth2-mock-server):
 * /api/login → provider /authorize → /api/callback, with the route loaders
 * called directly and the provider reached over HTTP. The environment is set
 * before the app modules are imported, because getEnv() caches on first use.
 */
import { eq } from "drizzle-orm";
import { OAuth2Server, type MutableResponse } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { oauthAccounts, strategies, subscriptions, users, type User } from "../../db/schema";
// Imports nothing from the app, so the environment below is still in place first.
import { callRoute, expectSetCookiePair, formRequest, getRequest, setCookiePair } from "../support/http";

const APP_URL = "http://localhost:3000";
const DAY_MS = 24 * 60 * 60 * 1000;

const server = new OAuth2Server();
const OAUTH_ENV = ["OAUTH_ISSUER", "OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET", "APP_URL"] as const;
const savedEnv = Object.fromEntries(OAUTH_ENV.map((name) => [name, process.env[name]]));

// App modules, imported after the environment is in place.
let loginRoute: typeof import("~/routes/api.login");
let callbackRoute: typeof import("~/routes/api.callback");
let authUserRoute: typeof import("~/routes/api.auth.user");
let accounts: typeof import("~/models/accounts.server");
let dbModule: typeof import("~/platform/db.server");
let toastModule: typeof import("~/services/toast.server");
let cookiesModule: typeof import("~/services/cookies.server");

beforeAll(async () => {
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  process.env.OAUTH_ISSUER = server.issuer.url!;
  process.env.OAUTH_CLIENT_ID = "fx-trader-test-client";
  process.env.OAUTH_CLIENT_SECRET = "fx-trader-test-secret";
  process.env.APP_URL = APP_URL;

  loginRoute = await import("~/routes/api.login");
  callbackRoute = await import("~/routes/api.callback");
  authUserRoute = await import("~/routes/api.auth.user");
  accounts = await import("~/models/accounts.server");
  dbModule = await import("~/platform/db.server");
  toastModule = await import("~/services/toast.server");
  cookiesModule = await import("~/services/cookies.server");

  // three strategies, so the trial has something to follow
  const base = { description: "d", riskClass: "Moderate", timeframes: "H1", instruments: "EURUSD" };
  for (const slug of ["alpha-swing", "london-breakout", "gold-intraday"]) {
    dbModule.getDb().insert(strategies).values({ ...base, slug, name: slug }).run();
  }
});

afterAll(async () => {
  await server.stop();
  // leave the process environment as this file found it
  for (const name of OAUTH_ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  server.service.removeAllListeners("beforeUserinfo");
  consoleError?.mockRestore();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

// ---------------------------------------------------------------- helpers

/** The identity the provider's /userinfo returns for the next sign-in. */
function identity(body: Record<string, unknown>) {
  server.service.removeAllListeners("beforeUserinfo");
  server.service.on("beforeUserinfo", (response: MutableResponse) => {
    response.body = body;
    response.statusCode = 200;
  });
}

/** `name=value` pairs of every Set-Cookie, joined for a Cookie header. */
function cookiePairs(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function setCookieNamed(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function startSignIn(returnTo: string, cookie?: string) {
  return callRoute(
    loginRoute.loader,
    getRequest(`${APP_URL}/api/login?returnTo=${encodeURIComponent(returnTo)}`, { cookie }),
  );
}

/** Follows /api/login to the provider and back: the callback URL and the cookies the browser would hold. */
async function toCallback(returnTo: string): Promise<{ callbackUrl: string; cookies: string; start: Response }> {
  const start = await startSignIn(returnTo);
  expect(start.status).toBe(302);
  const authorize = start.headers.get("Location")!;
  expect(authorize.startsWith(`${server.issuer.url}/authorize`)).toBe(true);
  const provider = await fetch(authorize, { redirect: "manual" });
  expect(provider.status).toBe(302);
  const callbackUrl = provider.headers.get("Location")!;
  expect(callbackUrl.startsWith(`${APP_URL}/api/callback?`)).toBe(true);
  return { callbackUrl, cookies: cookiePairs(start), start };
}

function callback(url: string, cookies?: string) {
  return callRoute(callbackRoute.loader, getRequest(url, { cookie: cookies }));
}

/** Runs a full sign-in as `body` and returns the callback's response. */
async function signInAs(body: Record<string, unknown>, returnTo = "/portal/dashboard"): Promise<Response> {
  identity(body);
  const { callbackUrl, cookies } = await toCallback(returnTo);
  return callback(callbackUrl, cookies);
}

function db() {
  return dbModule.getDb();
}

function userByEmail(email: string): User | undefined {
  return db().select().from(users).where(eq(users.email, email)).get();
}

function countUsers(): number {
  return db().select().from(users).all().length;
}

async function toastOf(response: Response) {
  const flash = expectSetCookiePair(response, "__flash");
  const { toast } = await toastModule.readToast(getRequest(`${APP_URL}/login`, { cookie: flash }));
  return toast;
}

// ---------------------------------------------------------------- tests

describe("GET /api/login with OAuth configured", () => {
  it("redirects to the provider's authorize endpoint with PKCE, state and our callback as redirect_uri", async () => {
    const start = await startSignIn("/portal/dashboard");
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.issuer.url}/authorize`);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("client_id")).toBe("fx-trader-test-client");
    expect(location.searchParams.get("redirect_uri")).toBe(`${APP_URL}/api/callback`);
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("code_challenge")).toBeTruthy();
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));

    // the state cookie and the returnTo hand-off are both set, httpOnly and Lax, not Secure over http
    const cookies = start.headers.getSetCookie();
    const state = cookies.find((c) => c.startsWith("oauth2"));
    const flash = cookies.find((c) => c.startsWith("__flash="));
    for (const cookie of [state, flash]) {
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
    // no session yet
    expect(setCookieNamed(start, "__session")).toBeUndefined();
  });
});

describe("OAuth sign-in round trip", () => {
  it("creates the user from the verified identity, starts a session and returns to returnTo", async () => {
    const before = countUsers();
    const started = Date.now();
    const response = await signInAs({
      sub: "subject-new-1",
      email: "Olivia.OAuth@Example.com",
      email_verified: true,
      given_name: "Olivia",
      family_name: "OAuth",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/dashboard");
    const session = setCookieNamed(response, "__session");
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);

    expect(countUsers()).toBe(before + 1);
    const user = userByEmail("olivia.oauth@example.com");
    expect(user).toBeDefined();
    expect(user!.firstName).toBe("Olivia");
    expect(user!.lastName).toBe("OAuth");
    expect(user!.passwordHash).toBeNull();

    const link = db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user!.id)).all();
    expect(link).toHaveLength(1);
    expect(link[0].providerAccountId).toBe("subject-new-1");

    const sub = db().select().from(subscriptions).where(eq(subscriptions.userId, user!.id)).get();
    expect(sub?.status).toBe("TRIAL");
    expect(sub?.plan).toBe("pro");
    expect(sub!.startDate.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(sub!.endDate.getTime() - sub!.startDate.getTime()).toBe(7 * DAY_MS);

    // the session cookie signs the user in
    const me = await callRoute(
      authUserRoute.loader,
      getRequest(`${APP_URL}/api/auth/user`, { cookie: session!.split(";")[0] }),
    );
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: user!.id,
      email: "olivia.oauth@example.com",
      firstName: "Olivia",
      lastName: "OAuth",
      role: "user",
    });
  });

  it("splits `name` into first and last name when given/family names are missing", async () => {
    const response = await signInAs({ sub: "subject-name-only", email: "name.only@example.com", email_verified: "true", name: "Ada Byron King" });
    expect(response.status).toBe(302);
    const user = userByEmail("name.only@example.com");
    expect(user?.firstName).toBe("Ada");
    expect(user?.lastName).toBe("Byron King");
  });

  it("a second sign-in with the same subject finds the same user (no duplicate)", async () => {
    const first = await signInAs({ sub: "subject-repeat", email: "repeat@example.com", email_verified: true, given_name: "Re", family_name: "Peat" });
    expect(first.status).toBe(302);
    const user = userByEmail("repeat@example.com")!;
    const usersBefore = countUsers();

    const second = await signInAs({ sub: "subject-repeat", email: "repeat@example.com", email_verified: true, given_name: "Re", family_name: "Peat" });
    expect(second.status).toBe(302);
    expect(setCookieNamed(second, "__session")).toBeDefined();
    expect(countUsers()).toBe(usersBefore);
    expect(db().select().from(oauthAccounts).where(eq(oauthAccounts.providerAccountId, "subject-repeat")).all()).toHaveLength(1);
    expect(db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).all()).toHaveLength(1);

    // the subject, not the email, identifies the account: a changed email still reaches the same user
    const third = await signInAs({ sub: "subject-repeat", email: "repeat.renamed@example.com", email_verified: true });
    expect(third.status).toBe(302);
    expect(countUsers()).toBe(usersBefore);
    const me = await callRoute(
      authUserRoute.loader,
      getRequest(`${APP_URL}/api/auth/user`, { cookie: setCookiePair(third, "__session")! }),
    );
    expect(((await me.json()) as { id: number }).id).toBe(user.id);
  });

  it("links an existing local account with the same (verified) email instead of duplicating it", async () => {
    const local = await accounts.createLocalAccount({
      email: "local.first@example.com",
      password: "local-password-123",
      firstName: "Local",
      lastName: "First",
    });
    const usersBefore = countUsers();
    const response = await signInAs({ sub: "subject-link", email: "LOCAL.First@example.com", email_verified: true, given_name: "Other", family_name: "Name" });
    expect(response.status).toBe(302);
    expect(countUsers()).toBe(usersBefore);
    const links = db().select().from(oauthAccounts).where(eq(oauthAccounts.providerAccountId, "subject-link")).all();
    expect(links).toHaveLength(1);
    expect(links[0].userId).toBe(local.id);
    // the local account keeps its password and its single subscription
    const after = userByEmail("local.first@example.com")!;
    expect(after.passwordHash).toBe(local.passwordHash);
    expect(db().select().from(subscriptions).where(eq(subscriptions.userId, local.id)).all()).toHaveLength(1);
    const sessionId = await cookiesModule.getSessionCookie().parse(setCookiePair(response, "__session")!);
    expect(typeof sessionId).toBe("string");
  });

  it.each([
    ["email_verified: false", { sub: "subject-unverified", email: "unverified@example.com", email_verified: false }],
    ["email_verified missing", { sub: "subject-missing-flag", email: "missing.flag@example.com" }],
    ["email_verified 'false'", { sub: "subject-false-string", email: "false.string@example.com", email_verified: "false" }],
    ["no email at all", { sub: "subject-no-email", email_verified: true }],
  ])("%s → back to /login with a flash toast, no session, no user", async (_label, body) => {
    const before = countUsers();
    const response = await signInAs(body);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookieNamed(response, "__session")).toBeUndefined();
    expect(countUsers()).toBe(before);
    if ("email" in body) expect(userByEmail(String(body.email))).toBeUndefined();
    expect(db().select().from(oauthAccounts).where(eq(oauthAccounts.providerAccountId, body.sub)).all()).toHaveLength(0);
    const toast = await toastOf(response);
    expect(toast?.title).toBe("Sign-in failed");
    expect(toast?.description).toMatch(/verified email/i);
    expect(toast?.variant).toBe("destructive");
  });

  it("callback without the state cookie → /login with a toast, not a 500", async () => {
    identity({ sub: "subject-no-cookie", email: "no.cookie@example.com", email_verified: true });
    const { callbackUrl } = await toCallback("/portal/dashboard");
    const before = countUsers();
    const response = await callback(callbackUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookieNamed(response, "__session")).toBeUndefined();
    expect(countUsers()).toBe(before);
    expect((await toastOf(response))?.title).toBe("Sign-in failed");
  });

  it("callback whose state does not match the cookie → /login, no session", async () => {
    identity({ sub: "subject-mismatch", email: "mismatch@example.com", email_verified: true });
    const a = await toCallback("/portal/dashboard");
    const b = await toCallback("/portal/dashboard");
    // b's callback URL with only a's cookies
    const response = await callback(b.callbackUrl, a.cookies);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookieNamed(response, "__session")).toBeUndefined();
    expect(userByEmail("mismatch@example.com")).toBeUndefined();
  });

  it("a provider error (access_denied) on the callback → /login, no session", async () => {
    const start = await startSignIn("/portal/dashboard");
    const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
    const response = await callback(
      `${APP_URL}/api/callback?error=access_denied&error_description=User+cancelled&state=${encodeURIComponent(state)}`,
      cookiePairs(start),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookieNamed(response, "__session")).toBeUndefined();
  });

  it("an off-site returnTo given to /api/login ends at /dashboard after the callback", async () => {
    const response = await signInAs(
      { sub: "subject-evil-return", email: "evil.return@example.com", email_verified: true },
      "https://evil.example",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(setCookieNamed(response, "__session")).toBeDefined();
  });

  it("a protocol-relative returnTo also ends at /dashboard", async () => {
    const response = await signInAs(
      { sub: "subject-evil-return-2", email: "evil.return2@example.com", email_verified: true },
      "//evil.example/path",
    );
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("GET /api/login when already signed in goes straight to returnTo", async () => {
    const signedIn = await signInAs({ sub: "subject-already", email: "already@example.com", email_verified: true });
    const cookie = setCookiePair(signedIn, "__session")!;
    const response = await startSignIn("/portal/alerts", cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/portal/alerts");
  });

  it("POST /api/callback and POST /api/login are 405", async () => {
    const post = new Request(`${APP_URL}/api/callback`, { method: "POST" });
    expect((await callRoute(callbackRoute.action as never, post)).status).toBe(405);
    expect((await callRoute(loginRoute.action as never, new Request(`${APP_URL}/api/login`, { method: "POST" }))).status).toBe(405);
  });
});

describe("identity provider unreachable", () => {
  const saved = process.env.OAUTH_ISSUER;
  afterAll(() => {
    process.env.OAUTH_ISSUER = saved;
    vi.resetModules();
  });

  it("local email/password sign-in still works when OIDC discovery fails", async () => {
    // a fresh module graph whose issuer has no discovery document (a provider that is down or misconfigured: 404)
    process.env.OAUTH_ISSUER = `${server.issuer.url}/unavailable`;
    vi.resetModules();
    const freshAccounts = await import("~/models/accounts.server");
    const freshLogin = await import("~/routes/login");
    await freshAccounts.createLocalAccount({
      email: "idp.down@example.com",
      password: "idp-down-password-1",
      firstName: "Idp",
      lastName: "Down",
    });
    const request = formRequest(
      `${APP_URL}/login`,
      { email: "idp.down@example.com", password: "idp-down-password-1" },
      { headers: { "X-Forwarded-For": "192.0.2.77" } },
    );
    const response = await callRoute(freshLogin.action, request);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(setCookieNamed(response, "__session")).toBeDefined();
  });
});
