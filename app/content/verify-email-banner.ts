/**
 * The notice of an unverified email address, shown on every page to a signed-in
 * user until they verify (app/components/auth/verify-email-banner.tsx). Kept apart
 * from the account emails' texts (./account-mail.ts) so that every page does not load those.
 */

/** The page that verifies an address and mails a new link. */
export const VERIFY_EMAIL_PATH = "/verify-email";

export const VERIFY_EMAIL_BANNER = {
  text: "Verify your email address: until you do, signals are not emailed to you.",
  resend: "Resend the link",
  badge: "Verify your email first",
} as const;
