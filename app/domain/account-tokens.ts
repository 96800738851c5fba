/**
 * Lifetimes and checks of the single-use links mailed to users (password
 * reset, email verification, email change; docs/decisions/0115-account-links.md).
 * Pure: the caller passes `now`.
 */
import type { AccountTokenPurpose } from "../../db/schema";

const MINUTE_MS = 60_000;

/** How long each kind of link stays valid after it is mailed, in milliseconds. */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  "password-reset": 30 * MINUTE_MS,
  "email-verify": 24 * 60 * MINUTE_MS,
  "email-change": 24 * 60 * MINUTE_MS,
};

/** The instant a link of `purpose` mailed at `issuedAt` stops working. */
export function accountTokenExpiry(purpose: AccountTokenPurpose, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + ACCOUNT_TOKEN_TTL_MS[purpose]);
}

/** A token is 32 random bytes in base64url: exactly 43 characters of [A-Za-z0-9_-]. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** True when `token` has the shape of a token the app mails (so anything else is refused before any lookup). */
export function isAccountTokenShape(token: string | null | undefined): token is string {
  return typeof token === "string" && ACCOUNT_TOKEN_PATTERN.test(token);
}
