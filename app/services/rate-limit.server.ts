/**
 * Rate limits (rate-limiter-flexible, in process memory: one server process
 * serves the one SQLite file). Keys are the client IP (see `clientIp`) and,
 * for sign-in, the lower-cased email.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Sign-in attempts allowed per IP per 15 minutes. */
export const SIGN_IN_PER_IP = { points: 30, duration: 15 * 60 } as const;
/** Sign-in attempts allowed per email per 15 minutes (reset by a successful sign-in). */
export const SIGN_IN_PER_EMAIL = { points: 8, duration: 15 * 60 } as const;
/** Public form posts (signup, contact, newsletter) allowed per IP per hour. */
export const PUBLIC_FORM_PER_IP = { points: 10, duration: 60 * 60 } as const;

const signInByIp = new RateLimiterMemory({ keyPrefix: "signin-ip", ...SIGN_IN_PER_IP });
const signInByEmail = new RateLimiterMemory({ keyPrefix: "signin-email", ...SIGN_IN_PER_EMAIL });
const publicFormByIp = new RateLimiterMemory({ keyPrefix: "form-ip", ...PUBLIC_FORM_PER_IP });

async function consume(limiter: RateLimiterMemory, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/**
 * Counts one sign-in attempt for `ip` and `email`.
 * @returns null when allowed, else seconds until the next attempt is allowed.
 */
export async function limitSignIn(ip: string, email: string): Promise<number | null> {
  const byIp = await consume(signInByIp, ip);
  if (byIp) return byIp;
  return consume(signInByEmail, email.trim().toLowerCase());
}

/** Clears the per-email count after a successful sign-in. */
export async function resetSignInLimit(email: string): Promise<void> {
  await signInByEmail.delete(email.trim().toLowerCase());
}

/**
 * Counts one public form post (`form` names the form) for `ip`.
 * @returns null when allowed, else seconds to wait.
 */
export function limitPublicForm(form: string, ip: string): Promise<number | null> {
  return consume(publicFormByIp, `${form}:${ip}`);
}

/** "Try again in N minutes" for a Retry-After of `seconds`. */
export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Try again in a minute." : `Try again in ${minutes} minutes.`;
}
