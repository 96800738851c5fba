/**
 * The signed-in user of a request, and the guards every protected loader,
 * action and /api route calls on the server.
 */
import { json, redirect } from "@remix-run/node";
import { authenticateApiKey, recordApiRequest, secondsUntilNextMonth } from "~/models/api-keys.server";
import { apiKeyQuota, noteApiKeyQuota } from "~/services/rate-limit.server";
import { createSession, deleteSession, findActiveSession } from "~/models/sessions.server";
import { isTwoFactorEnabled } from "~/models/two-factor.server";
import { noteRequestUser } from "~/platform/request-context.server";
import { toPublicUser, type PublicUser } from "~/models/users.server";
import { enqueueLoginNotice } from "./channels/login-notice.server";
import { PRIVACY_PATH } from "~/content/account-privacy";
import { CONSENT_COPY } from "~/content/legal-pages";
import { deletionRequestedAt } from "~/models/account-privacy.server";
import { publicOrigin } from "~/platform/env.server";
import { consentDue } from "./consent.server";
import { getSessionCookie } from "./cookies.server";
import { MAX_RETURN_TO_CHARS, problem, safeRedirect } from "./http.server";
import { beginTwoFactor } from "./two-factor-flow.server";

export interface Viewer {
  user: PublicUser;
  sessionId: string;
}

const perRequest = new WeakMap<Request, Promise<Viewer | null>>();

async function lookup(request: Request): Promise<Viewer | null> {
  const value = await getSessionCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return null;
  const found = findActiveSession(value);
  if (found) noteRequestUser(found.user.id);
  return found ? { user: toPublicUser(found.user), sessionId: found.sessionId } : null;
}

/** The signed-in viewer, or null. Looked up once per request. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = lookup(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * Where signed-out visitors are sent to sign in, returning to the current
 * page after: with its query when the whole is at most MAX_RETURN_TO_CHARS,
 * else without it, else to the dashboard, so the Location stays under 2 KB.
 */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const withQuery = `${url.pathname}${url.search}`;
  const target = [withQuery, url.pathname].find((path) => path.length <= MAX_RETURN_TO_CHARS) ?? "/dashboard";
  return `/api/login?returnTo=${encodeURIComponent(target)}`;
}

/**
 * The signed-in viewer of a page request.
 * @param options.allowPendingConsent let a user who has not accepted the current Terms or
 *   Privacy Policy through (the acceptance page itself, Account → Privacy).
 * @param options.allowPendingDeletion let a user whose account deletion is pending through (Account → Privacy,
 *   where they can cancel it); everywhere else they are sent there.
 * @throws a redirect to sign-in when signed out; to Account → Privacy while a deletion is pending;
 *   to /legal/accept (returning here) when consent is due.
 */
export async function requireViewer(request: Request, options: { allowPendingConsent?: boolean; allowPendingDeletion?: boolean } = {}): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(signInUrl(request));
  if (!options.allowPendingDeletion && deletionRequestedAt(viewer.user.id)) throw redirect(PRIVACY_PATH);
  if (!options.allowPendingConsent && consentDue(viewer.user.id).length > 0) {
    const url = new URL(request.url);
    throw redirect(`${CONSENT_COPY.acceptPath}?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return viewer;
}

/**
 * The signed-in admin of a page request.
 * @throws a redirect to sign-in when signed out; a 403 response (rendered by the route's error boundary) for non-admins.
 */
export async function requireAdminViewer(request: Request): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (viewer.user.role !== "admin") {
    throw json({ message: "This page is for administrators only." }, { status: 403 });
  }
  return viewer;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The caller of an /api request: the owner of the `Authorization: Bearer <api key>`
 * when that header is sent (each such request counts toward the monthly limit),
 * else the signed-in user of the session cookie, else null.
 * @throws 401 problem for a malformed header or an unknown or revoked key;
 *   429 problem with Retry-After past the plan's monthly API requests (`apiMonthlyLimit`).
 */
export async function getApiCaller(request: Request): Promise<PublicUser | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const key = BEARER.exec(authorization)?.[1];
    if (!key) throw problem(401, "The Authorization header must be 'Bearer <api key>'");
    const now = new Date();
    const user = authenticateApiKey(key, now);
    if (!user) throw problem(401, "The API key is invalid or has been revoked", { headers: { "WWW-Authenticate": "Bearer" } });
    noteRequestUser(user.id);
    const usage = recordApiRequest(user.id, now);
    noteApiKeyQuota(request, apiKeyQuota(usage.requests, usage.limit, now));
    if (!usage.allowed) {
      const retryAfter = secondsUntilNextMonth(now);
      throw problem(429, `The monthly limit of ${usage.limit} API requests is used up; it resets at the start of next month (UTC)`, {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    return toPublicUser(user);
  }
  const viewer = await getViewer(request);
  return viewer?.user ?? null;
}

/**
 * The authenticated caller of an /api request (API key or session).
 * @param options.allowPendingConsent serve a caller who has not accepted the current Terms or
 *   Privacy Policy (their own account data: /api/me, its export and deletion, the subscription).
 * @throws a 401 problem response when neither is present; a 403 problem naming the versions to
 *   accept (`pendingConsent`) and where (`acceptUrl`) when consent is due; see getApiCaller for the others.
 */
export async function requireApiUser(request: Request, options: { allowPendingConsent?: boolean } = {}): Promise<PublicUser> {
  const user = await getApiCaller(request);
  if (!user) throw problem(401, "Sign in or send an API key to use this endpoint", { headers: { "WWW-Authenticate": "Bearer" } });
  if (!options.allowPendingConsent && deletionRequestedAt(user.id)) {
    throw problem(403, `This account is scheduled for deletion; sign in at ${publicOrigin(request)}/login to cancel the deletion`, { title: "Account scheduled for deletion" });
  }
  const due = options.allowPendingConsent ? [] : consentDue(user.id);
  if (due.length > 0) {
    const acceptUrl = `${publicOrigin(request)}${CONSENT_COPY.acceptPath}`;
    const names = due.map(({ document, version }) => `${document === "terms" ? "Terms of Use" : "Privacy Policy"} version ${version}`);
    throw problem(403, `Accept the ${names.join(" and ")} at ${acceptUrl} to use this endpoint`, {
      title: "Terms not accepted",
      extensions: { pendingConsent: due, acceptUrl },
    });
  }
  return user;
}

/**
 * The signed-in viewer of an /api request the site's own pages make (managing sign-in
 * credentials such as passkeys): a session cookie is required; an API key is not a session.
 * @throws a 401 problem when the request carries no active session.
 */
export async function requireApiViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw problem(401, "Sign in on this site to use this endpoint; an API key cannot manage sign-in credentials", { title: "Authentication required" });
  return viewer;
}

/**
 * The signed-in admin of an /api request.
 * @throws 401 when signed out, 403 when not an admin.
 */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (user.role !== "admin") throw problem(403, "Only administrators can use this endpoint");
  return user;
}

/**
 * Starts a session for `userId` and redirects to `redirectTo` (a same-site path).
 * @param extraHeaders e.g. a flash-toast cookie to send along.
 */
export async function startSession(
  request: Request,
  userId: number,
  redirectTo: string,
  extraHeaders: HeadersInit = {},
): Promise<Response> {
  const { id, expiresAt } = createSession(userId, request.headers.get("User-Agent"));
  const headers = new Headers(extraHeaders);
  headers.append("Set-Cookie", await getSessionCookie().serialize(id, { expires: expiresAt }));
  return redirect(safeRedirect(redirectTo), { headers });
}

/**
 * Completes a sign-in (every factor passed): starts the session like
 * `startSession` and enqueues the login notification email when the user has
 * login notifications on.
 * @param clientAddress the client address the server trusts (`clientIp(context)`), never a request header.
 */
export async function completeSignIn(
  request: Request,
  userId: number,
  redirectTo: string,
  clientAddress: string,
  extraHeaders: HeadersInit = {},
): Promise<Response> {
  const response = await startSession(request, userId, redirectTo, extraHeaders);
  enqueueLoginNotice(userId, { ip: clientAddress, userAgent: request.headers.get("User-Agent"), now: new Date() });
  return response;
}

/**
 * Completes a first sign-in factor: accounts with two-factor authentication go
 * to the code step first; others are signed in at once (`completeSignIn`).
 * @param clientAddress the client address the server trusts (`clientIp(context)`).
 */
export function signIn(request: Request, userId: number, redirectTo: string, extraHeaders: HeadersInit, clientAddress: string): Promise<Response> {
  if (isTwoFactorEnabled(userId)) return beginTwoFactor(request, userId, safeRedirect(redirectTo), extraHeaders);
  return completeSignIn(request, userId, redirectTo, clientAddress, extraHeaders);
}

/** Deletes the request's session row, clears the cookie and redirects home. */
export async function endSession(request: Request): Promise<Response> {
  const viewer = await getViewer(request);
  if (viewer) deleteSession(viewer.sessionId);
  return redirect("/", {
    headers: { "Set-Cookie": await getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }) },
  });
}
