/**
 * The OAuth hand-off: remembers where to return after the provider, and turns
 * provider errors into a sign-in page message.
 */
import { getFlashStorage } from "./cookies.server";

const RETURN_TO = "returnTo";

/** A Set-Cookie value remembering `returnTo` across the provider round trip. */
export async function rememberReturnTo(request: Request, returnTo: string): Promise<string> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash(RETURN_TO, returnTo);
  return storage.commitSession(session);
}

/** The remembered return path (or null), and a Set-Cookie that consumes it. */
export async function takeReturnTo(request: Request): Promise<{ returnTo: string | null; setCookie: string }> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const value = session.get(RETURN_TO);
  return { returnTo: typeof value === "string" ? value : null, setCookie: await storage.commitSession(session) };
}
