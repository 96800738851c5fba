/**
 * Email changes (docs/decisions/0118-verified-email.md): the account keeps its
 * address until the new one is confirmed by a link mailed to it; the current
 * address is told about the request.
 */
import { issueAccountToken } from "~/models/account-tokens.server";
import { getUserByEmail, normalizeEmail } from "~/models/users.server";
import { mailEmailChange, mailEmailChangeNotice } from "./account-mail.server";

/**
 * Asks to move `user` to `newEmail`: mails a 24-hour confirmation link to the
 * new address (unless another account has it: then nothing goes there, and
 * the answer is the same) and a notice to the current one.
 * @returns true when `newEmail` differs from the current address (a change was asked for).
 */
export function requestEmailChange(user: { id: number; email: string }, newEmail: string, now: Date): boolean {
  const email = normalizeEmail(newEmail);
  if (email === user.email) return false;
  if (!getUserByEmail(email)) mailEmailChange(email, issueAccountToken(user.id, "email-change", email, now));
  mailEmailChangeNotice(user.email);
  return true;
}
