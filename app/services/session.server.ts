/**
 * The signed-in user of a request, and the guards every protected loader,
 * action and /api route calls on the server.
 */
import { json, redirect } from "@remix-run/node";
import { createSession, deleteSession, findActiveSession } from "~/models/sessions.server";
import { toPublicUser, type PublicUser } from "~/models/users.server";
import { getSessionCookie } from "./cookies.server";
import { problem, safeRedirect } from "./http.server";

export interface Viewer {
  user: PublicUser;
  sessionId: string;
}

const perRequest = new WeakMap<Request, Promise<Viewer | null>>();

async function lookup(request: Request): Promise<Viewer | null> {
  const value = await getSessionCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return null;
  const found = findActiveSession(value);
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

/** Where signed-out visitors are sent to sign in, returning to the current page after. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/api/login?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/**
 * The signed-in viewer of a page request.
 * @throws a redirect to sign-in when signed out.
 */
export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(signInUrl(request));
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

/**
 * The signed-in user of an /api request.
 * @throws a 401 problem response when signed out.
 */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const viewer = await getViewer(request);
  if (!viewer) throw problem(401, "Sign in to use this endpoint");
  return viewer.user;
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

/** Deletes the request's session row, clears the cookie and redirects home. */
export async function endSession(request: Request): Promise<Response> {
  const viewer = await getViewer(request);
  if (viewer) deleteSession(viewer.sessionId);
  return redirect("/", {
    headers: { "Set-Cookie": await getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }) },
  });
}
