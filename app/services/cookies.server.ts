/**
 * Cookie definitions. Every cookie is httpOnly, SameSite=Lax, path /, and
 * Secure when the site is served over HTTPS (APP_URL https, or production without APP_URL).
 */
import { createCookie, createCookieSessionStorage, type Cookie } from "@remix-run/node";
import { getEnv } from "~/platform/env.server";

/** One cookie the site may set: what the Privacy Policy's cookie table lists. */
export interface CookieDefinition {
  name: string;
  purpose: string;
  /** Lifetime in seconds, or null for a cookie that ends with the session or is set per sign-in (`lifetimeNote` says which). */
  maxAge: number | null;
  lifetimeNote?: string;
  /** Strictly necessary for a service the visitor asked for: set without consent. */
  essential: boolean;
}

/** How long a browser stays known to the accounts it signed in to, in seconds (180 days). */
export const KNOWN_DEVICE_MAX_AGE = 180 * 24 * 60 * 60;

/**
 * Every cookie the site sets, in one place: the cookie factories below (and
 * theme.server.ts, auth.server.ts) take their names and lifetimes from here, and
 * the Privacy Policy renders its cookie table from it. All are essential: no
 * cookie needs consent, so there is no consent banner (docs/decisions/0111).
 */
export const COOKIES = {
  session: {
    name: "__session",
    purpose: "Keeps you signed in: a signed reference to your session, which you can end under Account → Security.",
    maxAge: null,
    lifetimeNote: "until the session ends (its length is set under Account → Security)",
    essential: true,
  },
  flash: {
    name: "__flash",
    purpose: "Carries a one-time message to the next page, and the pending second step of a two-factor or single sign-on sign-in.",
    maxAge: 60 * 10,
    essential: true,
  },
  device: {
    name: "__device",
    purpose: "Remembers that this browser signed in to an account before, so a stranger's wrong passwords cannot lock you out.",
    maxAge: KNOWN_DEVICE_MAX_AGE,
    essential: true,
  },
  passkey: {
    name: "__passkey",
    purpose: "Ties a sign-in with a passkey to the browser that asked for it (which one-time challenge it was given).",
    maxAge: 60 * 5,
    essential: true,
  },
  theme: {
    name: "fx-trader-theme",
    purpose: "Remembers the light or dark theme you chose. Set only when you choose one.",
    maxAge: 60 * 60 * 24 * 365,
    essential: true,
  },
  oauth: {
    name: "oauth2",
    purpose: "Protects a sign-in through an identity provider against forgery (the state and code verifier of that sign-in).",
    maxAge: null,
    lifetimeNote: "until the browser closes",
    essential: true,
  },
  replication: {
    name: "txnum",
    purpose: "When the site runs on several servers: makes the page after a change you made show that change.",
    maxAge: null,
    lifetimeNote: "until the next page is shown",
    essential: true,
  },
} as const satisfies Record<string, CookieDefinition>;

/** Whether cookies get the Secure attribute. */
export function secureCookies(): boolean {
  const env = getEnv();
  if (env.APP_URL) return env.APP_URL.startsWith("https://");
  return env.NODE_ENV === "production";
}

let sessionCookie: Cookie | undefined;

/** The signed cookie carrying only the session row id. */
export function getSessionCookie(): Cookie {
  sessionCookie ??= createCookie(COOKIES.session.name, {
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
      name: COOKIES.flash.name,
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      maxAge: COOKIES.flash.maxAge,
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return flashStorage;
}

let knownDeviceCookie: Cookie | undefined;

/** The signed cookie naming this browser and the accounts it signed in to (see known-device.server.ts). */
export function getKnownDeviceCookie(): Cookie {
  knownDeviceCookie ??= createCookie(COOKIES.device.name, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: KNOWN_DEVICE_MAX_AGE,
    secrets: [getEnv().SESSION_SECRET],
  });
  return knownDeviceCookie;
}

let passkeyCookie: Cookie | undefined;

/** The signed cookie carrying the id of the passkey sign-in challenge this browser was given (5 minutes). */
export function getPasskeyCookie(): Cookie {
  passkeyCookie ??= createCookie(COOKIES.passkey.name, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: COOKIES.passkey.maxAge,
    secrets: [getEnv().SESSION_SECRET],
  });
  return passkeyCookie;
}
