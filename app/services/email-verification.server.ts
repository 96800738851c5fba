/**
 * Using a verification or email-change link (docs/decisions/0118-verified-email.md):
 * the token is spent, then the address is marked verified or the account
 * moves to the confirmed new address.
 */
import { consumeAccountToken } from "~/models/account-tokens.server";
import { changeEmail, markEmailVerified } from "~/models/users.server";

/** What using a link did: "verified", "changed", "taken" (the new address has another account now) or "invalid". */
export type EmailLinkOutcome = "verified" | "changed" | "taken" | "invalid";

/**
 * Spends `token` (an email-verify or email-change link) and applies it.
 * @returns the outcome; "invalid" for a malformed, unknown, used, replaced or expired token, or a verify link for an address the account no longer has.
 */
export function applyEmailLink(token: string, now: Date): EmailLinkOutcome {
  const grant = consumeAccountToken(token, ["email-verify", "email-change"], now);
  if (!grant) return "invalid";
  if (grant.purpose === "email-verify") return markEmailVerified(grant.userId, grant.email, now) ? "verified" : "invalid";
  const changed = changeEmail(grant.userId, grant.email, now);
  return changed === "not-found" ? "invalid" : changed;
}
