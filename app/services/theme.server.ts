/** Theme preference cookie: light (default) or dark, read on the server so the first paint is right. */
import { createCookie } from "@remix-run/node";
import { COOKIES, secureCookies } from "./cookies.server";

export type Theme = "light" | "dark";
/** Spec section 3: the storage key, used for the cookie and localStorage alike. */
export const THEME_KEY = COOKIES.theme.name;

function themeCookie() {
  return createCookie(THEME_KEY, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: COOKIES.theme.maxAge,
  });
}

/** The theme chosen by this browser, or null when it never chose one. */
export async function getTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie().parse(request.headers.get("Cookie"));
  return value === "dark" || value === "light" ? value : null;
}

/** A Set-Cookie header value storing `theme`. */
export function serializeTheme(theme: Theme): Promise<string> {
  return themeCookie().serialize(theme);
}
