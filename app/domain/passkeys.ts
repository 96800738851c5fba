/** Pure rules of passkeys (docs/decisions/0130-passkeys.md). */
import { DEFAULT_PASSKEY_NAME } from "~/content/passkeys";

/** The name of a user's next passkey when they give none: "Passkey n", n = how many they have + 1. */
export function defaultPasskeyName(existing: number): string {
  return `${DEFAULT_PASSKEY_NAME} ${existing + 1}`;
}

/**
 * Whether a sign-in's signature counter shows a cloned authenticator (WebAuthn Level 3,
 * §6.1.1 "Signature Counter Considerations"): when either the stored or the received
 * counter is non-zero, the received one must be greater than the stored one.
 * Authenticators that do not count (synced passkeys) send 0 every time and never trip this.
 * @param stored the counter kept from the last verified use; @param received the one just signed.
 */
export function counterRegressed(stored: number, received: number): boolean {
  return (stored > 0 || received > 0) && received <= stored;
}
