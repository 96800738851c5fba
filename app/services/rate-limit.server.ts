/**
 * Rate limits (rate-limiter-flexible, in process memory: one server process
 * serves the one SQLite file). Keys are the client IP (see `clientIp`, which
 * the server computes from the socket) and, for sign-in, the account (the
 * lower-cased email) or, for a browser that signed in to that account before,
 * its known-device id (docs/decisions/0012-sign-in-lock-out.md).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Sign-in attempts allowed per IP per 15 minutes. */
export const SIGN_IN_PER_IP = { points: 30, duration: 15 * 60 } as const;
/** Sign-in attempts allowed per email per 15 minutes from browsers not known to that account (reset by a successful sign-in). */
export const SIGN_IN_PER_EMAIL = { points: 8, duration: 15 * 60 } as const;
/** Sign-in attempts allowed per known device per account per 15 minutes (reset by a successful sign-in). */
export const SIGN_IN_PER_KNOWN_DEVICE = { points: 8, duration: 15 * 60 } as const;
/** Public form posts (signup, contact, newsletter) allowed per IP per hour. */
export const PUBLIC_FORM_PER_IP = { points: 10, duration: 60 * 60 } as const;

/** Passkey challenges (sign-in and registration options) handed out per IP per 15 minutes: /login asks for one on every visit. */
export const PASSKEY_OPTIONS_PER_IP = { points: 60, duration: 15 * 60 } as const;

/** Account emails (reset links, verification links) asked for per address per hour. */
export const ACCOUNT_MAIL_PER_ADDRESS = { points: 5, duration: 60 * 60 } as const;
/** Account emails asked for per client IP per hour. */
export const ACCOUNT_MAIL_PER_IP = { points: 20, duration: 60 * 60 } as const;

const signInByIp = new RateLimiterMemory({ keyPrefix: "signin-ip", ...SIGN_IN_PER_IP });
const signInByEmail = new RateLimiterMemory({ keyPrefix: "signin-email", ...SIGN_IN_PER_EMAIL });
const signInByDevice = new RateLimiterMemory({ keyPrefix: "signin-device", ...SIGN_IN_PER_KNOWN_DEVICE });
const publicFormByIp = new RateLimiterMemory({ keyPrefix: "form-ip", ...PUBLIC_FORM_PER_IP });
const passkeyOptionsByIp = new RateLimiterMemory({ keyPrefix: "passkey-options-ip", ...PASSKEY_OPTIONS_PER_IP });
const accountMailByAddress = new RateLimiterMemory({ keyPrefix: "account-mail-address", ...ACCOUNT_MAIL_PER_ADDRESS });
const accountMailByIp = new RateLimiterMemory({ keyPrefix: "account-mail-ip", ...ACCOUNT_MAIL_PER_IP });

async function consume(limiter: RateLimiterMemory, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

const accountKey = (account: string) => account.trim().toLowerCase();

/**
 * Counts one sign-in attempt for `ip` and `account`.
 * @param account the email typed (or another per-account key such as `2fa:<userId>`).
 * @param knownDevice the known-device id when the browser proved an earlier
 *   successful sign-in to this account: its attempts count against that device,
 *   not against the account, so strangers cannot lock the owner out.
 * @returns null when allowed, else seconds until the next attempt is allowed.
 */
export async function limitSignIn(ip: string, account: string, knownDevice: string | null = null): Promise<number | null> {
  const byIp = await consume(signInByIp, ip);
  if (byIp) return byIp;
  if (knownDevice) return consume(signInByDevice, `${knownDevice}:${accountKey(account)}`);
  return consume(signInByEmail, accountKey(account));
}

/**
 * After a successful sign-in, clears the count the attempts were made against:
 * the known device's when given, else the account's.
 */
export async function resetSignInLimit(account: string, knownDevice: string | null = null): Promise<void> {
  if (knownDevice) await signInByDevice.delete(`${knownDevice}:${accountKey(account)}`);
  else await signInByEmail.delete(accountKey(account));
}

/**
 * Counts one passkey challenge handed out to `ip` (each is a stored row).
 * @returns null when allowed, else seconds to wait.
 */
export function limitPasskeyOptions(ip: string): Promise<number | null> {
  return consume(passkeyOptionsByIp, ip);
}

/**
 * Counts one public form post (`form` names the form) for `ip`.
 * @returns null when allowed, else seconds to wait.
 */
export function limitPublicForm(form: string, ip: string): Promise<number | null> {
  return consume(publicFormByIp, `${form}:${ip}`);
}

/**
 * Counts one request for an account email (`kind`: "reset", "verify") for `ip` and for `address`,
 * whether or not an account uses the address.
 * @returns null when allowed, else seconds to wait.
 */
export async function limitAccountMail(kind: string, ip: string, address: string): Promise<number | null> {
  const byIp = await consume(accountMailByIp, `${kind}:${ip}`);
  if (byIp) return byIp;
  return consume(accountMailByAddress, `${kind}:${accountKey(address)}`);
}

/** "Try again in N minutes" for a Retry-After of `seconds`. */
export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Try again in a minute." : `Try again in ${minutes} minutes.`;
}

/** The IETF rate-limit headers' state of one keyed /api request (draft-ietf-httpapi-ratelimit-headers). */
export interface ApiKeyQuota {
  /** Requests allowed per window (the plan's `apiMonthlyRequests`). */
  limit: number;
  /** Requests left in this window after this one (0 when used up). */
  remaining: number;
  /** Length of the current window (this calendar month, UTC), seconds. */
  windowSeconds: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const keyedQuotas = new WeakMap<Request, ApiKeyQuota>();

/**
 * The quota of an API key after `requests` requests this month.
 * @param now the request time; the window is its UTC calendar month.
 */
export function apiKeyQuota(requests: number, limit: number, now: Date): ApiKeyQuota {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return {
    limit,
    remaining: Math.max(0, limit - requests),
    windowSeconds: (end - start) / 1000,
    resetSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/** Remembers the quota of the API key `request` was sent with, for its response's headers. */
export function noteApiKeyQuota(request: Request, quota: ApiKeyQuota): void {
  keyedQuotas.set(request, quota);
}

/**
 * `RateLimit-Policy` and `RateLimit` for a response to `request`: the monthly
 * quota's policy (`"monthly";q=<limit>;w=<window s>`) and state
 * (`"monthly";r=<remaining>;t=<reset s>`); `{}` when no API key was counted.
 */
export function rateLimitHeaders(request: Request): Record<string, string> {
  const quota = keyedQuotas.get(request);
  if (!quota) return {};
  return {
    "RateLimit-Policy": `"monthly";q=${quota.limit};w=${quota.windowSeconds}`,
    RateLimit: `"monthly";r=${quota.remaining};t=${quota.resetSeconds}`,
  };
}
