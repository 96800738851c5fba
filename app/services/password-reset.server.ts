/**
 * Forgotten passwords (docs/decisions/0116-password-reset.md): a request mails
 * a 30-minute single-use link when an account uses the address, and answers
 * the same way, in the same time, when none does; using the link sets a new
 * password, ends every session and mails a notice.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { consumeAccountToken, issueAccountToken, newAccountToken } from "~/models/account-tokens.server";
import { getUserByEmail, hashPassword, replacePassword } from "~/models/users.server";
import { mailPasswordChanged, mailPasswordReset } from "./account-mail.server";

/**
 * Every reset request takes at least this long, in milliseconds, so the few
 * milliseconds of database work done only for a known address do not show
 * in the response time.
 */
export const RESET_REQUEST_FLOOR_MS = 250;

/**
 * Handles a reset request for `email`: for a known address, stores a new
 * token (replacing older ones) and mails its link in the background; for an
 * unknown one, makes and hashes a token all the same and drops it.
 * Resolves no sooner than RESET_REQUEST_FLOOR_MS after it started.
 * @param now the request time (token expiry is 30 minutes after it).
 */
export async function requestPasswordReset(email: string, now: Date): Promise<void> {
  const started = performance.now();
  const user = getUserByEmail(email);
  if (user) mailPasswordReset(user.email, issueAccountToken(user.id, "password-reset", user.email, now));
  else newAccountToken();
  const left = RESET_REQUEST_FLOOR_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

/**
 * Uses a reset link: the token is spent first (so it works once even if the
 * rest fails), then the password is hashed (argon2id) and stored, every
 * session of the account ends, and a notice is mailed.
 * @returns the user id to sign in, or null when the token is malformed, unknown, used, replaced, expired, or the account's address changed since.
 */
export async function resetPassword(token: string, password: string, now: Date): Promise<number | null> {
  const grant = consumeAccountToken(token, ["password-reset"], now);
  if (!grant) return null;
  const user = replacePassword(grant.userId, await hashPassword(password), grant.email, now);
  if (!user) return null;
  mailPasswordChanged(user.email);
  return user.id;
}
