/**
 * The second sign-in step: after a correct password (or OAuth callback) for an
 * account with two-factor authentication, the user id waits in a signed,
 * short-lived cookie until a valid code is entered at /login/two-factor.
 */
import { redirect } from "@remix-run/node";
import { getFlashStorage } from "./cookies.server";
import { flashToast, type Toast } from "./toast.server";

const KEY = "pendingTwoFactor";
/** How long the code step stays open after the first factor, in milliseconds. */
export const PENDING_TWO_FACTOR_MS = 10 * 60 * 1000;

export interface PendingTwoFactor {
  userId: number;
  returnTo: string;
  /** Epoch milliseconds after which the first factor must be repeated. */
  expiresAt: number;
}

/** Remembers the first factor and redirects to the code step. */
export async function beginTwoFactor(request: Request, userId: number, returnTo: string, extraHeaders: HeadersInit = {}) {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const pending: PendingTwoFactor = { userId, returnTo, expiresAt: Date.now() + PENDING_TWO_FACTOR_MS };
  session.set(KEY, pending);
  const headers = new Headers(extraHeaders);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirect("/login/two-factor", { headers });
}

/** The pending first factor of this browser, or null (none, or expired). */
export async function readPendingTwoFactor(request: Request): Promise<PendingTwoFactor | null> {
  const session = await getFlashStorage().getSession(request.headers.get("Cookie"));
  const value = session.get(KEY) as PendingTwoFactor | undefined;
  if (!value || typeof value.userId !== "number" || value.expiresAt < Date.now()) return null;
  return value;
}

/**
 * A Set-Cookie value that forgets the pending first factor and, when given,
 * flashes `toast` to the next page (both live in the one flash cookie, so they
 * are written together).
 */
export async function clearPendingTwoFactor(request: Request, toast?: Toast): Promise<string> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.unset(KEY);
  const cleared = await storage.commitSession(session);
  if (!toast) return cleared;
  // flashToast reads the flash cookie from a request: hand it the cookie just cleared.
  const clearedPair = cleared.split(";")[0];
  return flashToast(new Request(request.url, { headers: { Cookie: clearedPair } }), toast);
}
