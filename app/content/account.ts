/**
 * Fixed texts and figures of the Account area (/portal/account and its
 * Subscription, Security and API Access tabs): spec section 8 toasts, the
 * messages of refused actions, and the session lifetimes a user may choose.
 * Data only.
 */

/** The four account areas, each its own nested route so every tab is a real URL that works without JavaScript. */
export const ACCOUNT_TABS = [
  { label: "Profile", to: "/portal/account" },
  { label: "Subscription", to: "/portal/account/subscription" },
  { label: "Security", to: "/portal/account/security" },
  { label: "API Access", to: "/portal/account/api" },
  { label: "Webhooks", to: "/portal/account/webhooks" },
  { label: "Notifications", to: "/portal/account/notifications" },
  { label: "Privacy", to: "/portal/account/privacy" },
] as const;

/** Shown when a form posts an intent the page does not know. */
export const UNKNOWN_ACTION_MESSAGE = "Unknown action. Reload the page and try again.";

/* Profile ------------------------------------------------------------- */

/** Spec section 8. */
export const PROFILE_UPDATED_TOAST = {
  title: "Profile Updated",
  description: "Your profile information has been saved.",
} as const;

/* Subscription -------------------------------------------------------- */

/** Spec section 8. */
export const SUBSCRIPTION_TOASTS = {
  updated: { title: "Subscription Updated", description: "Your subscription has been updated successfully." },
  cancelled: {
    title: "Subscription Cancelled",
    description: "Your subscription will remain active until the end of the current billing period.",
  },
  cancelledNow: { title: "Subscription Cancelled", description: "Your paused subscription has ended." },
  trialCancelled: { title: "Trial Cancelled", description: "You keep access until your free trial ends. Nothing is charged." },
} as const;

/* Security ------------------------------------------------------------ */

export const INVALID_CODE_MESSAGE = "Invalid code. Enter the current 6-digit code from your authenticator app.";

/** Flash toasts after a successful post (post/redirect/get). */
export const SECURITY_TOASTS = {
  enabled: { title: "Two-Factor Enabled", description: "Sign-in now asks for a code from your authenticator app." },
  recoveryCodes: { title: "New Recovery Codes", description: "Your old recovery codes no longer work." },
  disabled: { title: "Two-Factor Disabled", description: "Sign-in no longer asks for a code." },
  cancelled: { title: "Two-Factor Setup Cancelled", description: "Two-factor authentication stays off." },
  saved: { title: "Security Settings Saved" },
  revoked: { title: "Session Signed Out", description: "That device has been signed out." },
  signedOut: { title: "Sessions Signed Out", none: "No other sessions were signed in." },
} as const;

/** Refusals of the security forms: a toast title and the message shown with the form. */
export const SECURITY_REFUSALS = {
  alreadyEnabled: {
    title: "Already Enabled",
    message: "Two-factor authentication is already on. Disable it first to set up a new authenticator.",
  },
  setupExpired: { title: "Setup Expired", message: "There is no two-factor setup in progress. Start the setup again." },
  notEnabled: { title: "Not Enabled", message: "Two-factor authentication is already off." },
  invalidCode: { title: "Invalid Code", message: INVALID_CODE_MESSAGE },
  tooManyAttempts: { title: "Too Many Attempts", message: "Too many code attempts." },
  sessionNotFound: { title: "Session Not Found", message: "That session was not found. It may have signed out or expired already." },
  currentSession: { title: "Current Session", message: "This is the session you are using. Use Log out to end it." },
} as const;

/** Default session lifetime: 30 days, in minutes. */
export const DEFAULT_SESSION_MINUTES = 30 * 24 * 60;

/** The session lifetimes a user may choose, in minutes, with their labels. */
export const SESSION_TIMEOUT_OPTIONS = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 8 * 60, label: "8 hours" },
  { minutes: 24 * 60, label: "24 hours" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: 30 * 24 * 60, label: "30 days" },
] as const;

/* API access ---------------------------------------------------------- */

/** Spec section 8. */
export const GENERATED_TOAST = {
  title: "API Key Generated",
  description: "Your new API key has been generated. Please store it securely.",
} as const;
export const REVOKED_TOAST = {
  title: "API Key Revoked",
  description: "Programs using that key are refused from now on.",
} as const;
export const API_KEY_NOT_FOUND_MESSAGE = "That key was not found or is already revoked.";

/* Two-factor recovery codes (docs/decisions/0049-two-factor-recovery-codes.md) ---- */

export const RECOVERY_CODE_TEXTS = {
  savePrompt: "Save your recovery codes",
  saveHelp:
    "If you lose your authenticator app, sign in with one of these codes instead of a 6-digit code. Each code works once. Keep them somewhere safe, such as a password manager: they are shown only now.",
  saved: "I have saved my recovery codes",
  invalid: "Invalid recovery code. Check it for typos, or use another unused code.",
  codeLabel: "Authenticator or recovery code",
  signInHelp: "Lost your authenticator app? Enter one of your recovery codes instead.",
} as const;
