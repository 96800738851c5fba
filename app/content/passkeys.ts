/** Fixed texts of passkeys: the Security tab's card, its toasts and refusals, and the sign-in page's button. */

export const PASSKEY_TEXTS = {
  heading: "Passkeys",
  description:
    "Sign in with your fingerprint, face or device PIN instead of a password. A passkey stays on your device or in your password manager and counts as two-factor on its own.",
  empty: "You have no passkeys yet.",
  noScript: "Adding a passkey needs JavaScript and a browser that supports passkeys. You can still rename or remove the passkeys you have.",
  add: "Add a passkey",
  adding: "Waiting for your device...",
  nameLabel: "Name",
  rename: "Rename",
  remove: "Remove",
  signIn: "Sign in with a passkey",
  signingIn: "Waiting for your passkey...",
  cancelled: "The passkey request was cancelled or timed out.",
  unsupported: "This browser cannot use passkeys.",
  failed: "Your passkey could not be checked. Try again, or sign in with your password.",
} as const;

/** Toasts after a passkey form. */
export const PASSKEY_TOASTS = {
  added: { title: "Passkey Added", description: "You can now sign in with it." },
  renamed: { title: "Passkey Renamed" },
  removed: { title: "Passkey Removed", description: "It can no longer be used to sign in." },
} as const;

/** Refusals of the passkey forms and ceremonies: a title and the message shown. */
export const PASSKEY_REFUSALS = {
  notFound: { title: "Passkey Not Found", message: "That passkey was not found. It may have been removed already." },
  challengeExpired: { title: "Request Expired", message: "The passkey request expired or was already used. Try again." },
  notVerified: { title: "Passkey Not Accepted", message: "The passkey's answer could not be verified." },
  unknownCredential: { title: "Unknown Passkey", message: "This passkey is not registered with any account." },
  alreadyRegistered: { title: "Already Registered", message: "This passkey is already registered." },
  clonedAuthenticator: {
    title: "Passkey Refused",
    message: "This passkey's signature counter went backwards, a sign of a copied authenticator. Sign in with your password and remove it.",
  },
} as const;

/** Longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 64;

/** The name a new passkey gets when none is given: "Passkey 1", "Passkey 2"… by how many the user already has. */
export const DEFAULT_PASSKEY_NAME = "Passkey";
