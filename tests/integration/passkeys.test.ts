/**
 * Passkeys end to end below the browser: the /api/auth/passkeys ceremonies and the
 * Security tab's rename and remove forms, called with real Requests against this
 * file's temporary SQLite database, answered by a software authenticator
 * (tests/support/soft-authenticator.ts: node:crypto ES256 keys, "none" attestation,
 * WebAuthn's byte formats) that @simplewebauthn/server verifies for real.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deliveryJobs, passkeyChallenges, passkeys, sessions, twoFactor, type User } from "../../db/schema";
import { findPasskeyByCredentialId, listPasskeys, PASSKEY_CHALLENGE_TTL_MS } from "~/models/passkeys.server";
import { getDb } from "~/platform/db.server";
import * as authOptions from "~/routes/api.auth.passkeys.authentication.options";
import * as authVerify from "~/routes/api.auth.passkeys.authentication.verify";
import * as regOptions from "~/routes/api.auth.passkeys.registration.options";
import * as regVerify from "~/routes/api.auth.passkeys.registration.verify";
import * as securityRoute from "~/routes/portal.account.security";
import { generateApiKey } from "~/models/api-keys.server";
import { LOGIN_NOTICE_TYPE } from "~/domain/delivery";
import { counterRegressed, defaultPasskeyName } from "~/domain/passkeys";
import { createUser, signedInSession } from "../support/fixtures";
import { callRoute, expectSetCookiePair, formRequest, jsonRequest, nextIp, setCookiePair } from "../support/http";
import { assert, createCredential, FLAGS, type SoftCredential } from "../support/soft-authenticator";

const ORIGIN = "http://localhost";
const RP_ID = "localhost";
const PATHS = {
  regOptions: "/api/auth/passkeys/registration/options",
  regVerify: "/api/auth/passkeys/registration/verify",
  authOptions: "/api/auth/passkeys/authentication/options",
  authVerify: "/api/auth/passkeys/authentication/verify",
};

type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string; allowCredentials?: unknown[] };

function post(path: string, body: unknown, cookie?: string): Request {
  const headers = { Origin: ORIGIN, "X-Forwarded-For": nextIp() };
  return body === undefined
    ? new Request(`${ORIGIN}${path}`, { method: "POST", headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } })
    : jsonRequest(`${ORIGIN}${path}`, body, { cookie, headers });
}

/** Registers a passkey for the signed-in `cookie` with the software authenticator. */
async function register(cookie: string, answer: { flags?: number; origin?: string; name?: string } = {}) {
  const optionsResponse = await callRoute(regOptions.action, post(PATHS.regOptions, undefined, cookie));
  expect(optionsResponse.status).toBe(200);
  const options = (await optionsResponse.json()) as Options & { authenticatorSelection: Record<string, unknown>; attestation: string };
  const { credential, response } = createCredential(options, { origin: answer.origin ?? ORIGIN, flags: answer.flags });
  const verify = await callRoute(regVerify.action, post(PATHS.regVerify, { response, ...(answer.name ? { name: answer.name } : {}) }, cookie));
  return { options, credential, response, verify };
}

/** Starts a sign-in: the options and the `__passkey` cookie pair binding them to this "browser". */
async function signInOptions(): Promise<{ options: Options; cookie: string }> {
  const response = await callRoute(authOptions.action, post(PATHS.authOptions, undefined));
  expect(response.status).toBe(200);
  return { options: (await response.json()) as Options, cookie: expectSetCookiePair(response, "__passkey") };
}

/** A full sign-in with `credential`: options, assertion, verify. */
async function signInWith(credential: SoftCredential, answer: { signCount?: number; flags?: number; returnTo?: string } = {}) {
  const { options, cookie } = await signInOptions();
  const response = assert(credential, options, { origin: ORIGIN, signCount: answer.signCount, flags: answer.flags });
  const body = { response, ...(answer.returnTo !== undefined ? { returnTo: answer.returnTo } : {}) };
  return { result: await callRoute(authVerify.action, post(PATHS.authVerify, body, cookie)), cookie, body };
}

async function problemOf(response: Response): Promise<{ detail: string; errors?: { field: string; message: string }[] }> {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  return (await response.json()) as { detail: string; errors?: { field: string; message: string }[] };
}

let owner: User;
let ownerCookie: string;

beforeAll(async () => {
  owner = createUser({ firstName: "Pia" });
  ownerCookie = (await signedInSession(owner.id)).cookie;
});

describe("registration", () => {
  it("offers discoverable credentials with user verification for APP_URL's host, and stores the verified passkey with its counter, flags and transports", async () => {
    const { options, credential, verify } = await register(ownerCookie, { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS });
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.attestation).toBe("none");
    expect(verify.status).toBe(201);
    const body = (await verify.json()) as { id: number; name: string; deviceType: string; backedUp: boolean };
    expect(body).toMatchObject({ name: "Passkey 1", deviceType: "multiDevice", backedUp: true });
    const stored = findPasskeyByCredentialId(credential.id.toString("base64url"))!;
    expect(stored).toMatchObject({ userId: owner.id, counter: 0, backedUp: true, deviceType: "multiDevice", userHandle: options.user.id, lastUsedAt: null });
    expect(JSON.parse(stored.transports)).toEqual(["internal"]);
    expect(Buffer.compare(stored.publicKey, credential.cosePublicKey)).toBe(0);
  });

  it("gives a user's later passkeys the same WebAuthn user id and excludes the ones they have", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    const first = await register(cookie, { name: "Laptop" });
    expect(first.verify.status).toBe(201);
    const second = await register(cookie);
    expect(second.options.user.id).toBe(first.options.user.id);
    expect((second.options as unknown as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id)).toEqual([first.response.id]);
    expect(listPasskeys(user.id).map((p) => p.name)).toEqual(["Laptop", "Passkey 2"]);
  });

  it("refuses the same answer twice: the challenge is used up by the first", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    const { response, verify } = await register(cookie);
    expect(verify.status).toBe(201);
    const again = await callRoute(regVerify.action, post(PATHS.regVerify, { response }, cookie));
    expect(again.status).toBe(400);
    expect((await problemOf(again)).errors).toEqual([{ field: "response", message: expect.stringMatching(/expired or was already used/) }]);
  });

  it("refuses an answer without user verification, from another origin, or for another session's challenge", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    const noUv = await register(cookie, { flags: FLAGS.UP });
    expect(noUv.verify.status).toBe(400);
    const elsewhere = await register(cookie, { origin: "https://evil.example" });
    expect(elsewhere.verify.status).toBe(400);
    // Options asked for by one session, answered through another session of the same user.
    const other = await signedInSession(user.id);
    const optionsResponse = await callRoute(regOptions.action, post(PATHS.regOptions, undefined, cookie));
    const { response } = createCredential((await optionsResponse.json()) as Options, { origin: ORIGIN });
    const crossed = await callRoute(regVerify.action, post(PATHS.regVerify, { response }, other.cookie));
    expect(crossed.status).toBe(400);
    expect(listPasskeys(user.id)).toEqual([]);
  });

  it("refuses an expired challenge", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    const optionsResponse = await callRoute(regOptions.action, post(PATHS.regOptions, undefined, cookie));
    const options = (await optionsResponse.json()) as Options;
    getDb()
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passkeyChallenges.challenge, options.challenge))
      .run();
    const { response } = createCredential(options, { origin: ORIGIN });
    const verify = await callRoute(regVerify.action, post(PATHS.regVerify, { response }, cookie));
    expect(verify.status).toBe(400);
    expect(PASSKEY_CHALLENGE_TTL_MS).toBe(5 * 60 * 1000);
  });

  it("needs a session: 401 signed out and for an API key", async () => {
    const key = generateApiKey(owner.id).key;
    for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const request = new Request(`${ORIGIN}${PATHS.regOptions}`, { method: "POST", headers: { ...headers, Origin: ORIGIN } });
      const response = await callRoute(regOptions.action, request);
      expect(response.status).toBe(401);
    }
  });

  it("names the invalid fields of a malformed answer (problem+json), and refuses a name with control characters", async () => {
    const bad = await callRoute(regVerify.action, post(PATHS.regVerify, { response: { id: "not base64url!", type: "password" } }, ownerCookie));
    expect(bad.status).toBe(400);
    const fields = (await problemOf(bad)).errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["response.id", "response.type", "response.rawId", "response.response"]));
    const { response } = createCredential({ rp: { id: RP_ID }, user: { id: "AA" }, challenge: "AA" }, { origin: ORIGIN });
    const badName = await callRoute(regVerify.action, post(PATHS.regVerify, { response, name: "a\u202eb" }, ownerCookie));
    expect((await problemOf(badName)).errors).toEqual([{ field: "name", message: "Use printable characters only" }]);
  });
});

describe("sign-in", () => {
  let user: User;
  let credential: SoftCredential;

  beforeAll(async () => {
    user = createUser({ firstName: "Sol" });
    // Two-factor on: a passkey sign-in must not ask for the code.
    getDb().insert(twoFactor).values({ userId: user.id, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", enabledAt: new Date() }).run();
    const { cookie } = await signedInSession(user.id);
    const registered = await register(cookie);
    expect(registered.verify.status).toBe(201);
    credential = registered.credential;
  });

  it("starts a normal session (two-factor satisfied), sends the sign-in notice, stores the counter and last use, and honours a same-site returnTo", async () => {
    const before = getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all().length;
    const { result } = await signInWith(credential, { returnTo: "/portal/account/security?tab=x" });
    expect(result.status).toBe(200);
    expect(await result.json()).toEqual({ redirectTo: "/portal/account/security?tab=x" });
    const session = expectSetCookiePair(result, "__session");
    expect(session.length).toBeGreaterThan("__session=".length);
    expect(setCookiePair(result, "__passkey")).toBe("__passkey=");
    expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all().length).toBe(before + 1);
    const notices = getDb().select().from(deliveryJobs).where(and(eq(deliveryJobs.userId, user.id), eq(deliveryJobs.eventType, LOGIN_NOTICE_TYPE))).all();
    expect(notices.length).toBe(1);
    const stored = findPasskeyByCredentialId(credential.id.toString("base64url"))!;
    expect(stored.counter).toBe(credential.signCount);
    expect(stored.lastUsedAt).toBeInstanceOf(Date);
  });

  it("sends an off-site returnTo to /dashboard", async () => {
    const { result } = await signInWith(credential, { returnTo: "https://evil.example/x" });
    expect(await result.json()).toEqual({ redirectTo: "/dashboard" });
  });

  it("refuses a replayed answer: the browser's challenge is used up", async () => {
    const { result, cookie, body } = await signInWith(credential);
    expect(result.status).toBe(200);
    const replay = await callRoute(authVerify.action, post(PATHS.authVerify, body, cookie));
    expect(replay.status).toBe(400);
    expect((await problemOf(replay)).errors![0]!.field).toBe("response");
  });

  it("refuses an answer without the browser's challenge cookie", async () => {
    const { options } = await signInOptions();
    const response = assert(credential, options, { origin: ORIGIN });
    const result = await callRoute(authVerify.action, post(PATHS.authVerify, { response }));
    expect(result.status).toBe(400);
  });

  it("refuses a counter that did not grow (a cloned authenticator) with 403, and keeps the stored counter", async () => {
    const stored = findPasskeyByCredentialId(credential.id.toString("base64url"))!;
    for (const signCount of [stored.counter, stored.counter - 1]) {
      const { result } = await signInWith(credential, { signCount });
      expect(result.status).toBe(403);
      expect((await problemOf(result)).detail).toMatch(/counter went backwards/);
    }
    expect(findPasskeyByCredentialId(credential.id.toString("base64url"))!.counter).toBe(stored.counter);
    const { result } = await signInWith(credential, { signCount: stored.counter + 5 });
    expect(result.status).toBe(200);
    expect(findPasskeyByCredentialId(credential.id.toString("base64url"))!.counter).toBe(stored.counter + 5);
  });

  it("updates the backup flag it is told", async () => {
    await signInWith(credential, { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS });
    expect(findPasskeyByCredentialId(credential.id.toString("base64url"))).toMatchObject({ backedUp: true, deviceType: "multiDevice" });
  });

  it("refuses an answer without user verification, and an unknown credential", async () => {
    const { result } = await signInWith(credential, { flags: FLAGS.UP });
    expect(result.status).toBe(400);
    const stranger = createCredential({ rp: { id: RP_ID }, user: { id: "AAAA" }, challenge: "AA" }, { origin: ORIGIN }).credential;
    const { result: unknown } = await signInWith(stranger);
    expect(unknown.status).toBe(400);
    expect((await problemOf(unknown)).errors).toEqual([{ field: "response.id", message: expect.stringMatching(/not registered/) }]);
  });

  it("counts attempts: past the per-credential limit it answers 429 with Retry-After", async () => {
    const victim = createCredential({ rp: { id: RP_ID }, user: { id: "AAAA" }, challenge: "AA" }, { origin: ORIGIN }).credential;
    let last: Response | undefined;
    for (let attempt = 0; attempt < 9; attempt += 1) last = (await signInWith(victim)).result;
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("the Security tab's passkey forms", () => {
  async function security(fields: Record<string, string>, cookie: string) {
    return callRoute(securityRoute.action, formRequest(`${ORIGIN}/portal/account/security`, fields, { cookie, headers: { Origin: ORIGIN } }));
  }

  it("lists, renames and removes the viewer's own passkey", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    await register(cookie);
    const page = (await (await callRoute(securityRoute.loader, new Request(`${ORIGIN}/portal/account/security`, { headers: { Cookie: cookie } }))).json()) as {
      passkeys: { id: number; name: string; lastUsedAt: string | null }[];
    };
    expect(page.passkeys).toEqual([expect.objectContaining({ name: "Passkey 1", lastUsedAt: null })]);
    const id = String(page.passkeys[0]!.id);
    const renamed = await security({ intent: "passkey-rename", passkeyId: id, name: "  Work phone " }, cookie);
    expect(renamed.status).toBe(302);
    expect(listPasskeys(user.id).map((p) => p.name)).toEqual(["Work phone"]);
    const empty = await security({ intent: "passkey-rename", passkeyId: id, name: "" }, cookie);
    expect(empty.status).toBe(400);
    const removed = await security({ intent: "passkey-remove", passkeyId: id }, cookie);
    expect(removed.status).toBe(302);
    expect(listPasskeys(user.id)).toEqual([]);
  });

  it("never renames or removes another user's passkey (404); it keeps working", async () => {
    const victim = createUser();
    const { cookie: victimCookie } = await signedInSession(victim.id);
    const { credential } = await register(victimCookie);
    const [passkey] = listPasskeys(victim.id);
    const intruder = createUser();
    const { cookie } = await signedInSession(intruder.id);
    expect((await security({ intent: "passkey-rename", passkeyId: String(passkey!.id), name: "mine" }, cookie)).status).toBe(404);
    expect((await security({ intent: "passkey-remove", passkeyId: String(passkey!.id) }, cookie)).status).toBe(404);
    expect(getDb().select().from(passkeys).where(eq(passkeys.id, passkey!.id)).get()?.name).toBe(passkey!.name);
    expect((await signInWith(credential)).result.status).toBe(200);
  });
});

describe("domain rules", () => {
  it("counterRegressed follows WebAuthn §6.1.1: zero counters never trip, otherwise the counter must grow", () => {
    expect(counterRegressed(0, 0)).toBe(false);
    expect(counterRegressed(0, 1)).toBe(false);
    expect(counterRegressed(5, 6)).toBe(false);
    expect(counterRegressed(5, 5)).toBe(true);
    expect(counterRegressed(5, 0)).toBe(true);
    expect(counterRegressed(5, 4)).toBe(true);
  });

  it("names passkeys by how many the user has", () => {
    expect(defaultPasskeyName(0)).toBe("Passkey 1");
    expect(defaultPasskeyName(2)).toBe("Passkey 3");
  });
});
