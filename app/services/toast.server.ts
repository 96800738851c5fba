/**
 * Flash toasts: set on a redirect (post/redirect/get), read once by the root loader,
 * so users with and without JavaScript see the same confirmation.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getFlashStorage } from "./cookies.server";

const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const KEY = "toast";

/** A `Set-Cookie` value that flashes `toast` to the next page view. */
export async function flashToast(request: Request, toast: Toast): Promise<string> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash(KEY, toast);
  return storage.commitSession(session);
}

/** Redirects to `url` with a flash toast (and any extra headers). */
export async function redirectWithToast(request: Request, url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, headers });
}

/**
 * Reads (and consumes) the pending toast.
 * @returns the toast or null, and a `Set-Cookie` header to send when one was consumed.
 */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = getFlashStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const raw = session.get(KEY);
  if (raw === undefined) return { toast: null, setCookie: null };
  const parsed = toastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, setCookie: await storage.commitSession(session) };
}
