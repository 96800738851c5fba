/**
 * /portal/account/security end to end: two-factor enrolment, confirmation,
 * replay protection and disabling; security settings and their effect on new
 * sessions; the session list, revoking one session and "Logout All Other
 * Sessions" — always scoped to the viewer. The route's loader and action are
 * called with real `Request`s against this file's own temporary SQLite database.
 * TOTP codes are computed with @epic-web/totp from the secret stored in the
 * database; the clock (Date only) is pinned so time steps are deterministic.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, twoFactor, twoFactorRecoveryCodes, userSettings } from "../../db/schema";
import { createSession, listSessions, listSessionsWithHandles, revokeSessionByHandle, sessionHandle } from "~/models/sessions.server";
import { isTwoFactorEnabled, verifyCode } from "~/models/two-factor.server";
import { getSecuritySettings } from "~/models/user-settings.server";
import * as authUserRoute from "~/routes/api.auth.user";
import * as securityRoute from "~/routes/portal.account.security";
import { getDb } from "~/platform/db.server";
import { createUser, sessionCookieFor, signedInSession } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest, nextIp } from "../support/http";
import { toastOf } from "../support/toast";
import { currentCode, STEP_MS, wrongCode } from "../support/totp";
import { UA } from "../support/user-agents";

const ORIGIN = "http://localhost:3000";
const PAGE = "/portal/account/security";
const MINUTE_MS = 60_000;
const INVALID_CODE = "Invalid code. Enter the current 6-digit code from your authenticator app.";

// ---------------------------------------------------------------- helpers

/** A new session of `userId` (from Chrome on a Mac unless told): its id and signed-in cookie pair. */
function signedIn(userId: number, userAgent: string | null = UA.chromeMac): Promise<{ cookie: string; sessionId: string }> {
  return signedInSession(userId, userAgent);
}

function page(cookie?: string): Request {
  return getRequest(`${ORIGIN}${PAGE}`, { cookie });
}

function post(cookie: string | undefined, fields: Record<string, string>): Request {
  return formRequest(`${ORIGIN}${PAGE}`, fields, { cookie, headers: { "X-Forwarded-For": nextIp() } });
}

type LoaderData = {
  twoFactor: {
    enabled: boolean;
    enabledAt: string | null;
    recoveryCodesLeft: number | null;
    pending: { secret: string; otpauthUri: string; qrDataUrl: string } | null;
  };
  settings: { loginNotifications: boolean; sessionTimeoutMinutes: number };
  timeoutOptions: { minutes: number; label: string }[];
  sessions: { handle: string; device: string; createdAt: string; lastSeenAt: string; current: boolean }[];
};

/** The reply of a refused post: the intent and Conform's submission result with its messages by field ("" for the form). */
type ActionReply = { intent: string; submission: { error?: Record<string, string[] | null> }; data?: { toast?: { title: string } } };

async function load(cookie: string): Promise<{ data: LoaderData; raw: string; response: Response }> {
  const response = await callRoute(securityRoute.loader, page(cookie));
  expect(response.status).toBe(200);
  const raw = await response.text();
  return { data: JSON.parse(raw) as LoaderData, raw, response };
}

function act(cookie: string | undefined, fields: Record<string, string>): Promise<Response> {
  return callRoute(securityRoute.action, post(cookie, fields));
}

function twoFactorRow(userId: number) {
  return getDb().select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
}

function authUser(cookie: string) {
  return callRoute(authUserRoute.loader, getRequest(`${ORIGIN}/api/auth/user`, { cookie }));
}

/** Pins the clock 5 s into a TOTP step so a test never straddles a step boundary. */
function pinClock(): number {
  const start = Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000;
  vi.setSystemTime(start);
  return start;
}

/** Puts `userId` through enrolment; returns the ten recovery codes the confirmation shows once. */
async function enableTwoFactor(cookie: string, userId: number): Promise<string[]> {
  expect((await act(cookie, { intent: "2fa-start" })).status).toBe(302);
  const confirmed = await act(cookie, { intent: "2fa-confirm", code: await currentCode(userId) });
  expect(confirmed.status).toBe(200);
  expect(isTwoFactorEnabled(userId)).toBe(true);
  return ((await confirmed.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  pinClock();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------- access

describe("access", () => {
  it("redirects a signed-out visitor to sign in, for the page and for every post", async () => {
    const response = await callRoute(securityRoute.loader, page());
    expectSignInRedirect(response, PAGE);

    for (const intent of ["2fa-start", "settings", "logout-others", "revoke"]) {
      const posted = await act(undefined, { intent, sessionTimeoutMinutes: "15" });
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
    }
  });

  it("is never cached", async () => {
    const user = createUser({ firstName: "cache" });
    const { cookie } = await signedIn(user.id);
    const { response } = await load(cookie);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(securityRoute.meta({} as never)).toEqual([{ title: "Security | FX Trader" }]);
  });

  it("answers an unknown intent with 400", async () => {
    const user = createUser({ firstName: "unknown" });
    const { cookie } = await signedIn(user.id);
    const response = await act(cookie, { intent: "drop-tables" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ActionReply).submission.error?.intent).toEqual(["Unknown action. Reload the page and try again."]);
  });

  it("answers 415 (not 500) to a JSON body, changing nothing", async () => {
    const user = createUser({ firstName: "json" });
    const { cookie } = await signedIn(user.id);
    const request = new Request(`${ORIGIN}${PAGE}`, {
      method: "POST",
      body: JSON.stringify({ intent: "settings", sessionTimeoutMinutes: "15" }),
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    expect((await callRoute(securityRoute.action, request)).status).toBe(415);
    expect(getSecuritySettings(user.id).sessionTimeoutMinutes).toBe(43200);
  });
});

// ---------------------------------------------------------------- two-factor

describe("two-factor authentication", () => {
  it("starts enrolment: a pending secret, shown as a QR code and as text, with an authenticator-app URI", async () => {
    const user = createUser({ firstName: "enrol" });
    const { cookie } = await signedIn(user.id);

    expect((await load(cookie)).data.twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      enabledText: null,
      recoveryCodesLeft: null,
      pending: null,
    });

    const started = await act(cookie, { intent: "2fa-start" });
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe(`${PAGE}#two-factor`);

    const row = twoFactorRow(user.id);
    expect(row).toBeDefined();
    expect(row!.enabledAt).toBeNull();
    expect(row!.secret).toMatch(/^[A-Z2-7]{32}$/); // 160-bit base32
    expect(isTwoFactorEnabled(user.id)).toBe(false);

    const { data } = await load(cookie);
    const pending = data.twoFactor.pending!;
    expect(pending.secret.replace(/ /g, "")).toBe(row!.secret);
    expect(pending.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const uri = new URL(pending.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(pending.otpauthUri.startsWith(`otpauth://totp/FX%20Trader:${encodeURIComponent(user.email)}?`)).toBe(true);
    expect(uri.searchParams.get("secret")).toBe(row!.secret);
    expect(uri.searchParams.get("issuer")).toBe("FX Trader");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");

    // Starting again replaces the pending secret.
    await act(cookie, { intent: "2fa-start" });
    expect(twoFactorRow(user.id)!.secret).not.toBe(row!.secret);
  });

  it("a wrong confirming code is refused with 400 and leaves two-factor off", async () => {
    const user = createUser({ firstName: "wrongconfirm" });
    const { cookie } = await signedIn(user.id);
    await act(cookie, { intent: "2fa-start" });

    for (const code of [await wrongCode(user.id), "", "12345", "abcdef"]) {
      const response = await act(cookie, { intent: "2fa-confirm", code });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ActionReply;
      expect(body).toMatchObject({ intent: "2fa-confirm", submission: { error: { code: [INVALID_CODE] } }, data: { toast: { title: "Invalid Code" } } });
    }
    expect(isTwoFactorEnabled(user.id)).toBe(false);
    expect(twoFactorRow(user.id)!.enabledAt).toBeNull();
  });

  it("the right code enables it and shows ten recovery codes once, with the 'Two-Factor Enabled' toast; the secret is no longer shown", async () => {
    const user = createUser({ firstName: "confirm" });
    const { cookie } = await signedIn(user.id);
    await act(cookie, { intent: "2fa-start" });
    const secret = twoFactorRow(user.id)!.secret;

    // Typed with a space, as apps display it.
    const code = await currentCode(user.id);
    const response = await act(cookie, { intent: "2fa-confirm", code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { data: { toast: { title: string }; recoveryCodes: string[] } };
    expect(reply.data.toast.title).toBe("Two-Factor Enabled");
    expect(reply.data.recoveryCodes).toHaveLength(10);

    expect(isTwoFactorEnabled(user.id)).toBe(true);
    const row = twoFactorRow(user.id)!;
    expect(row.enabledAt).toBeInstanceOf(Date);
    expect(row.lastUsedStep).toBe(Math.floor(Date.now() / STEP_MS));

    const { data, raw } = await load(cookie);
    expect(data.twoFactor.enabled).toBe(true);
    expect(data.twoFactor.pending).toBeNull();
    expect(raw).not.toContain(secret);
    // Shown once: the page afterwards gives the count, never the codes; the database holds only their hashes.
    expect(data.twoFactor.recoveryCodesLeft).toBe(10);
    for (const code of reply.data.recoveryCodes) expect(raw).not.toContain(code);
    const stored = getDb().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)).all();
    expect(stored.map((row) => row.codeHash).every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(reply.data.recoveryCodes[0].replace(/-/g, ""));

    // Setting up again while enabled would swap the secret without a code: refused.
    const again = await act(cookie, { intent: "2fa-start" });
    expect(again.status).toBe(400);
    expect(twoFactorRow(user.id)!.secret).toBe(secret);
    expect(isTwoFactorEnabled(user.id)).toBe(true);
  });

  it("rejects a replayed code (same time step), then accepts the next step's code", async () => {
    const user = createUser({ firstName: "replay" });
    const { cookie } = await signedIn(user.id);
    await act(cookie, { intent: "2fa-start" });
    const code = await currentCode(user.id);
    expect((await act(cookie, { intent: "2fa-confirm", code })).status).toBe(200);

    // The confirming code cannot be used again, for sign-in or for disabling.
    expect(await verifyCode(user.id, code)).toBe(false);
    const replay = await act(cookie, { intent: "2fa-disable", code });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as ActionReply).submission.error?.code).toEqual([INVALID_CODE]);
    expect(isTwoFactorEnabled(user.id)).toBe(true);

    // 30 s later the app shows a new code, which works once.
    vi.setSystemTime(Date.now() + STEP_MS);
    const next = await currentCode(user.id);
    expect(await verifyCode(user.id, next)).toBe(true);
    expect(await verifyCode(user.id, next)).toBe(false);
  });

  it("accepts a code from one step either side (clock drift), not two", async () => {
    const user = createUser({ firstName: "window" });
    const { cookie } = await signedIn(user.id);
    const start = Date.now();
    await enableTwoFactor(cookie, user.id);

    // A code shown 30 s earlier, entered now (its step is newer than the confirming one).
    vi.setSystemTime(start + 2 * STEP_MS);
    const previous = await currentCode(user.id);
    vi.setSystemTime(start + 3 * STEP_MS);
    expect(await verifyCode(user.id, previous)).toBe(true);

    // A code from two steps back is too old.
    vi.setSystemTime(start + 5 * STEP_MS);
    const old = await currentCode(user.id);
    vi.setSystemTime(start + 7 * STEP_MS);
    expect(await verifyCode(user.id, old)).toBe(false);

    // An older step than the last accepted one is refused even inside the window.
    vi.setSystemTime(start + 9 * STEP_MS);
    const older = await currentCode(user.id);
    vi.setSystemTime(start + 10 * STEP_MS);
    const newer = await currentCode(user.id);
    expect(await verifyCode(user.id, newer)).toBe(true);
    expect(await verifyCode(user.id, older)).toBe(false);
  });

  it("disables only with a valid code, with the 'Two-Factor Disabled' toast", async () => {
    const user = createUser({ firstName: "disable" });
    const { cookie } = await signedIn(user.id);
    await enableTwoFactor(cookie, user.id);
    vi.setSystemTime(Date.now() + STEP_MS);

    const wrong = await act(cookie, { intent: "2fa-disable", code: await wrongCode(user.id) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ActionReply).submission.error?.code).toEqual([INVALID_CODE]);
    expect(isTwoFactorEnabled(user.id)).toBe(true);

    const response = await act(cookie, { intent: "2fa-disable", code: await currentCode(user.id) });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.title).toBe("Two-Factor Disabled");
    expect(isTwoFactorEnabled(user.id)).toBe(false);
    expect(twoFactorRow(user.id)).toBeUndefined();
  });

  it("new recovery codes need a code, replace the old ones, and a recovery code can disable two-factor", async () => {
    const user = createUser({ firstName: "recovery" });
    const { cookie } = await signedIn(user.id);
    const first = await enableTwoFactor(cookie, user.id);
    vi.setSystemTime(Date.now() + STEP_MS);

    const refused = await act(cookie, { intent: "2fa-recovery-codes", code: await wrongCode(user.id) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ActionReply).submission.error?.code).toEqual([INVALID_CODE]);

    // Confirmed with one of the first codes: it is spent, then every old code is replaced.
    const response = await act(cookie, { intent: "2fa-recovery-codes", code: first[0] });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { data: { toast: { title: string }; recoveryCodes: string[] } };
    expect(reply.data.toast.title).toBe("New Recovery Codes");
    expect(reply.data.recoveryCodes).toHaveLength(10);
    expect(reply.data.recoveryCodes.some((code) => first.includes(code))).toBe(false);
    expect((await load(cookie)).data.twoFactor.recoveryCodesLeft).toBe(10);

    const old = await act(cookie, { intent: "2fa-disable", code: first[1] });
    expect(old.status).toBe(400);
    const disabled = await act(cookie, { intent: "2fa-disable", code: reply.data.recoveryCodes[5] });
    expect(disabled.status).toBe(302);
    expect(isTwoFactorEnabled(user.id)).toBe(false);
    expect(getDb().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id)).all()).toEqual([]);
  });

  it("cancels a pending setup without touching an enabled one", async () => {
    const user = createUser({ firstName: "cancel" });
    const { cookie } = await signedIn(user.id);
    await act(cookie, { intent: "2fa-start" });
    const cancelled = await act(cookie, { intent: "2fa-cancel" });
    expect(cancelled.status).toBe(302);
    expect(twoFactorRow(user.id)).toBeUndefined();

    await enableTwoFactor(cookie, user.id);
    await act(cookie, { intent: "2fa-cancel" });
    expect(isTwoFactorEnabled(user.id)).toBe(true);
  });

  it("changes only the viewer's own two-factor state, whatever user id a form carries", async () => {
    const viewer = createUser({ firstName: "tfa-viewer" });
    const victim = createUser({ firstName: "tfa-victim" });
    const { cookie: victimCookie } = await signedIn(victim.id);
    await enableTwoFactor(victimCookie, victim.id);
    const victimSecret = twoFactorRow(victim.id)!.secret;

    const { cookie } = await signedIn(viewer.id);
    await act(cookie, { intent: "2fa-start", userId: String(victim.id) });
    await act(cookie, { intent: "2fa-cancel", userId: String(victim.id) });
    expect(twoFactorRow(victim.id)!.secret).toBe(victimSecret);
    expect(isTwoFactorEnabled(victim.id)).toBe(true);
  });
});

// ---------------------------------------------------------------- settings

describe("security settings", () => {
  it("shows the defaults (notifications on, 30 days) and the six allowed timeouts", async () => {
    const user = createUser({ firstName: "defaults" });
    const { cookie } = await signedIn(user.id);
    const { data } = await load(cookie);
    expect(data.settings).toEqual({ loginNotifications: true, sessionTimeoutMinutes: 43200 });
    expect(data.timeoutOptions).toEqual([
      { minutes: 15, label: "15 minutes" },
      { minutes: 60, label: "1 hour" },
      { minutes: 480, label: "8 hours" },
      { minutes: 1440, label: "24 hours" },
      { minutes: 10080, label: "7 days" },
      { minutes: 43200, label: "30 days" },
    ]);
  });

  it("saves the checkbox and the timeout (creating the settings row), with the 'Security Settings Saved' toast", async () => {
    const user = createUser({ firstName: "save" });
    const { cookie } = await signedIn(user.id);
    expect(getDb().select().from(userSettings).where(eq(userSettings.userId, user.id)).get()).toBeUndefined();

    // Unchecked checkbox: the field is absent, as a browser sends it.
    const off = await act(cookie, { intent: "settings", sessionTimeoutMinutes: "480" });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe(PAGE);
    expect((await toastOf(off))?.title).toBe("Security Settings Saved");
    expect(getSecuritySettings(user.id)).toEqual({ loginNotifications: false, sessionTimeoutMinutes: 480 });

    const on = await act(cookie, { intent: "settings", loginNotifications: "on", sessionTimeoutMinutes: "60" });
    expect(on.status).toBe(302);
    expect(getSecuritySettings(user.id)).toEqual({ loginNotifications: true, sessionTimeoutMinutes: 60 });
    expect((await load(cookie)).data.settings).toEqual({ loginNotifications: true, sessionTimeoutMinutes: 60 });
  });

  it("rejects a timeout outside the list with 400 and a field message, saving nothing", async () => {
    const user = createUser({ firstName: "invalid" });
    const { cookie } = await signedIn(user.id);
    await act(cookie, { intent: "settings", loginNotifications: "on", sessionTimeoutMinutes: "60" });

    for (const value of ["16", "0", "-15", "abc", "", "525600", "15.5"]) {
      const response = await act(cookie, { intent: "settings", sessionTimeoutMinutes: value });
      expect(response.status, `timeout ${JSON.stringify(value)}`).toBe(400);
      const body = (await response.json()) as ActionReply;
      expect(body.submission.error?.sessionTimeoutMinutes?.[0]).toMatch(/session timeout/i);
    }
    const missing = await act(cookie, { intent: "settings", loginNotifications: "on" });
    expect(missing.status).toBe(400);
    expect(getSecuritySettings(user.id)).toEqual({ loginNotifications: true, sessionTimeoutMinutes: 60 });
  });

  it("saves only the viewer's settings, ignoring a user id in the form", async () => {
    const viewer = createUser({ firstName: "settings-viewer" });
    const other = createUser({ firstName: "settings-other" });
    const { cookie } = await signedIn(viewer.id);
    await act(cookie, { intent: "settings", sessionTimeoutMinutes: "15", userId: String(other.id) });
    expect(getSecuritySettings(viewer.id).sessionTimeoutMinutes).toBe(15);
    expect(getSecuritySettings(other.id)).toEqual({ loginNotifications: true, sessionTimeoutMinutes: 43200 });
  });

  it("the timeout really shortens NEW sessions; existing ones keep their expiry", async () => {
    const user = createUser({ firstName: "timeout" });
    const { sessionId: existingId, cookie } = await signedIn(user.id);
    const existingExpiry = getDb().select().from(sessions).where(eq(sessions.id, existingId)).get()!.expiresAt;

    expect((await act(cookie, { intent: "settings", sessionTimeoutMinutes: "15" })).status).toBe(302);

    const now = Date.now();
    const { id, expiresAt } = createSession(user.id, UA.chromeMac);
    expect(expiresAt.getTime()).toBe(now + 15 * MINUTE_MS);
    const stored = getDb().select().from(sessions).where(eq(sessions.id, id)).get()!;
    expect(stored.expiresAt.getTime()).toBe(now + 15 * MINUTE_MS);
    expect(getDb().select().from(sessions).where(eq(sessions.id, existingId)).get()!.expiresAt).toEqual(existingExpiry);

    // ...and the short session really ends: 16 minutes later its cookie is refused.
    const shortCookie = await sessionCookieFor(id);
    expect((await authUser(shortCookie)).status).toBe(200);
    vi.setSystemTime(now + 16 * MINUTE_MS);
    expect((await authUser(shortCookie)).status).toBe(401);
    expect((await authUser(cookie)).status).toBe(200);

    // 7 days for the next one.
    await act(cookie, { intent: "settings", sessionTimeoutMinutes: "10080" });
    const later = Date.now();
    expect(createSession(user.id, null).expiresAt.getTime()).toBe(later + 7 * 24 * 60 * MINUTE_MS);
  });
});

// ---------------------------------------------------------------- sessions

describe("active sessions", () => {
  it("lists only the viewer's sessions, with device, times and 'This device', and no raw session ids", async () => {
    const viewer = createUser({ firstName: "list" });
    const other = createUser({ firstName: "list-other" });
    const otherSession = await signedIn(other.id, UA.firefoxWindows);
    const phone = await signedIn(viewer.id, UA.safariIphone);
    vi.setSystemTime(Date.now() + MINUTE_MS);
    const laptop = await signedIn(viewer.id, UA.chromeMac);
    const unknown = await signedIn(viewer.id, null);

    const { data, raw } = await load(laptop.cookie);
    expect(data.sessions).toHaveLength(3);
    expect(data.sessions[0]).toMatchObject({ device: "Chrome 131 on macOS", current: true });
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(data.sessions.map((s) => s.device).sort()).toEqual(["Chrome 131 on macOS", "Mobile Safari 17 on iOS", "Unknown device"]);
    for (const s of data.sessions) {
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
      expect(s.handle).toMatch(/^[0-9a-f]{32}$/);
    }
    for (const id of [laptop.sessionId, phone.sessionId, unknown.sessionId, otherSession.sessionId]) {
      expect(raw).not.toContain(id);
    }
    expect(raw).not.toContain("Firefox");
  });

  it("signs out one of the viewer's other sessions; its cookie gets 401 at once", async () => {
    const viewer = createUser({ firstName: "revoke" });
    const current = await signedIn(viewer.id, UA.chromeMac);
    const phone = await signedIn(viewer.id, UA.safariIphone);
    expect((await authUser(phone.cookie)).status).toBe(200);

    const handle = (await load(current.cookie)).data.sessions.find((s) => !s.current)!.handle;
    const response = await act(current.cookie, { intent: "revoke", sessionId: handle });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.title).toBe("Session Signed Out");

    expect((await authUser(phone.cookie)).status).toBe(401);
    expect((await authUser(current.cookie)).status).toBe(200);
    expect(listSessions(viewer.id).map((s) => s.id)).toEqual([current.sessionId]);
  });

  it("refuses to revoke the current session from the list (400)", async () => {
    const viewer = createUser({ firstName: "revoke-current" });
    const current = await signedIn(viewer.id);
    const handle = (await load(current.cookie)).data.sessions[0].handle;
    const response = await act(current.cookie, { intent: "revoke", sessionId: handle });
    expect(response.status).toBe(400);
    expect((await authUser(current.cookie)).status).toBe(200);
  });

  it("never revokes another user's session, by its handle or its raw id (404); that session still works", async () => {
    const viewer = createUser({ firstName: "attacker" });
    const victim = createUser({ firstName: "victim" });
    const attacker = await signedIn(viewer.id);
    const victimSession = await signedIn(victim.id, UA.firefoxWindows);
    const victimHandle = (await load(victimSession.cookie)).data.sessions[0].handle;

    for (const sessionId of [victimHandle, victimSession.sessionId, "", "nonsense"]) {
      const response = await act(attacker.cookie, { intent: "revoke", sessionId, userId: String(victim.id) });
      expect(response.status, `sessionId ${JSON.stringify(sessionId)}`).toBe(404);
    }
    expect((await authUser(victimSession.cookie)).status).toBe(200);
    expect(listSessions(victim.id)).toHaveLength(1);
  });

  it("'Logout All Other Sessions' deletes the viewer's other sessions only, reporting the count", async () => {
    const viewer = createUser({ firstName: "others" });
    const bystander = createUser({ firstName: "bystander" });
    const current = await signedIn(viewer.id, UA.chromeMac);
    const phone = await signedIn(viewer.id, UA.safariIphone);
    const tablet = await signedIn(viewer.id, UA.firefoxWindows);
    const bystanderSession = await signedIn(bystander.id);

    const response = await act(current.cookie, { intent: "logout-others", userId: String(bystander.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await toastOf(response)).toEqual({ title: "Sessions Signed Out", description: "2 other sessions were signed out." });

    expect((await authUser(current.cookie)).status).toBe(200);
    expect((await authUser(phone.cookie)).status).toBe(401);
    expect((await authUser(tablet.cookie)).status).toBe(401);
    expect((await authUser(bystanderSession.cookie)).status).toBe(200);
    expect(listSessions(viewer.id).map((s) => s.id)).toEqual([current.sessionId]);

    const again = await act(current.cookie, { intent: "logout-others" });
    expect(await toastOf(again)).toEqual({ title: "Sessions Signed Out", description: "No other sessions were signed in." });
  });
});

// ---------------------------------------------------------------- sessions model

describe("session handles", () => {
  it("are 32 hex characters, stable per session and different between sessions", () => {
    expect(sessionHandle("abc")).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionHandle("abc")).toBe(sessionHandle("abc"));
    expect(sessionHandle("abc")).not.toBe(sessionHandle("abd"));
  });

  it("list the current session first, each with its handle", async () => {
    const user = createUser({ firstName: "handles" });
    const older = await signedIn(user.id);
    vi.setSystemTime(Date.now() + MINUTE_MS);
    await signedIn(user.id);
    const listed = listSessionsWithHandles(user.id, older.sessionId);
    expect(listed.map((s) => [s.id, s.current])).toEqual([
      [older.sessionId, true],
      [listed[1]!.id, false],
    ]);
    expect(listed.map((s) => s.handle)).toEqual(listed.map((s) => sessionHandle(s.id)));
  });

  it("revoke by handle among the user's own sessions only, never the current one", async () => {
    const user = createUser({ firstName: "revoke-model" });
    const other = createUser({ firstName: "revoke-model-other" });
    const current = await signedIn(user.id);
    const phone = await signedIn(user.id);
    const stranger = await signedIn(other.id);
    expect(revokeSessionByHandle(user.id, sessionHandle(current.sessionId), current.sessionId)).toBe("current");
    expect(revokeSessionByHandle(user.id, sessionHandle(stranger.sessionId), current.sessionId)).toBe("not-found");
    expect(revokeSessionByHandle(user.id, phone.sessionId, current.sessionId)).toBe("not-found");
    expect(revokeSessionByHandle(user.id, sessionHandle(phone.sessionId), current.sessionId)).toBe("revoked");
    expect(listSessions(user.id).map((s) => s.id)).toEqual([current.sessionId]);
    expect(listSessions(other.id)).toHaveLength(1);
  });
});
