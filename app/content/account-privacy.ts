/** Texts of Account → Privacy (/portal/account/privacy): data export and account deletion. */

export const PRIVACY_PATH = "/portal/account/privacy";
export const EXPORT_PATH = "/api/me/export";

export const PRIVACY_COPY = {
  title: "Privacy",
  unknownAction: "Unknown action",
  exportTitle: "Download my data",
  exportBody:
    "A JSON file with everything tied to your account: profile, settings, subscription and billing history, followed strategies, sessions, API key details (never the keys), webhooks and their delivery log, Telegram link, push subscriptions, two-factor status (never the secret), the terms you accepted and your contact messages.",
  exportButton: "Download my data",
  deleteTitle: "Delete my account",
  deleteBody:
    "Your account is closed at once and every session ends. For 14 days you can change your mind by signing in again; after that your personal data is removed for good. Billing records the law makes us keep stay, without your name or email.",
  passwordLabel: "Password",
  codeLabel: "Two-factor code (or a recovery code)",
  deleteButton: "Delete my account",
  pendingTitle: "Your account is scheduled for deletion",
  pendingBody: "Your personal data will be removed on",
  cancelButton: "Cancel the deletion",
  cancelledToast: "The deletion is cancelled; your account stays.",
  scheduledToast: "Your account is scheduled for deletion. Sign in within 14 days to cancel it.",
  wrongPassword: "The password is not correct",
  passwordRequired: "Enter your password to delete your account",
  codeRequired: "Enter the code from your authenticator app or a recovery code",
  wrongCode: "The code is not correct",
  noPassword: "This account signs in through single sign-on and has no password; write to support to delete it",
} as const;
