/**
 * Cookie definitions. Every cookie is httpOnly, SameSite=Lax, path /, and
 * Secure when the site is served over HTTPS (APP_URL https, or production without APP_URL).
 */
import { createCookie, createCookieSessionStorage, type Cookie } from "@remix-run/node";
import { getEnv } from "~/platform/env.server";

/** Whether cookies get the Secure attribute. */
export function secureCookies(): boolean {
  const env = getEnv();
  if (env.APP_URL) return env.APP_URL.startsWith("https://");
  return env.NODE_ENV === "production";
}

let sessionCookie: Cookie | undefined;

/** The signed cookie carrying only the session row id. */
export function getSessionCookie(): Cookie {
  sessionCookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    secrets: [getEnv().SESSION_SECRET],
  });
  return sessionCookie;
}

type FlashData = Record<string, unknown>;
type FlashStorage = ReturnType<typeof createCookieSessionStorage<FlashData, FlashData>>;
let flashStorage: FlashStorage | undefined;

/** Short-lived signed cookie storage for flash toasts and sign-in hand-offs. */
export function getFlashStorage(): FlashStorage {
  flashStorage ??= createCookieSessionStorage<FlashData, FlashData>({
    cookie: {
      name: "__flash",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      maxAge: 60 * 10,
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return flashStorage;
}

/** How long a browser stays known to the accounts it signed in to, in seconds (180 days). */
export const KNOWN_DEVICE_MAX_AGE = 180 * 24 * 60 * 60;

let knownDeviceCookie: Cookie | undefined;

/** The signed cookie naming this browser and the accounts it signed in to (see known-device.server.ts). */
export function getKnownDeviceCookie(): Cookie {
  knownDeviceCookie ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: KNOWN_DEVICE_MAX_AGE,
    secrets: [getEnv().SESSION_SECRET],
  });
  return knownDeviceCookie;
}
