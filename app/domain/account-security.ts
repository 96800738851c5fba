/**
 * Texts computed for the Security tab of the Account area: session timeout
 * labels, the toasts after saving settings or signing sessions out, and the
 * two-factor setup key grouped for reading. Pure: no I/O.
 */
import { SECURITY_TOASTS, SESSION_TIMEOUT_OPTIONS } from "~/content/account";

/** The label of an allowed timeout ("8 hours"), or "N minutes" for anything else. */
export function sessionTimeoutLabel(minutes: number): string {
  return SESSION_TIMEOUT_OPTIONS.find((o) => o.minutes === minutes)?.label ?? `${minutes} minutes`;
}

/** The 'Security Settings Saved' toast describing the saved settings. */
export function securitySavedToast(settings: { loginNotifications: boolean; sessionTimeoutMinutes: number }) {
  return {
    title: SECURITY_TOASTS.saved.title,
    description: `Login notifications ${settings.loginNotifications ? "on" : "off"}; new sign-ins last ${sessionTimeoutLabel(settings.sessionTimeoutMinutes)}.`,
  };
}

/** 'Sessions Signed Out' toast for `count` revoked sessions. */
export function sessionsSignedOutToast(count: number) {
  return {
    title: SECURITY_TOASTS.signedOut.title,
    description:
      count === 0 ? SECURITY_TOASTS.signedOut.none : `${count} other ${count === 1 ? "session was" : "sessions were"} signed out.`,
  };
}

/** Groups a base32 secret in fours for reading and typing ('ABCD EFGH …'). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
