/**
 * Passkey inputs, shared by the Security tab's forms and the /api/auth/passkeys
 * endpoints: a passkey's name, and the browser's answers to the registration and
 * sign-in ceremonies in @simplewebauthn/browser's JSON shape (base64url strings),
 * bounded so that no field can be larger than an authenticator's real answer needs.
 */
import { z } from "zod";
import { PASSKEY_NAME_MAX } from "~/content/passkeys";
import { MAX_RETURN_TO_LENGTH } from "./auth";

/** Control characters (C0, DEL, C1) and bidirectional overrides, which have no place in a name. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A passkey's name: 1–64 printable characters, trimmed. */
export const passkeyNameField = z
  .string({ required_error: "Enter a name for the passkey" })
  .trim()
  .min(1, "Enter a name for the passkey")
  .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters`)
  .refine((value) => !UNPRINTABLE.test(value), "Use printable characters only");

/** A passkey's row id as the forms send it. */
export const passkeyIdField = z.coerce
  .number({ invalid_type_error: "Choose a passkey", required_error: "Choose a passkey" })
  .int("Choose a passkey")
  .positive("Choose a passkey");

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A base64url string of at most `max` characters. */
const base64url = (max: number) =>
  z.string({ required_error: "Required" }).max(max, `At most ${max} characters`).regex(BASE64URL, "Must be base64url");

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

/** Fields of both ceremonies' answers (PublicKeyCredential as JSON). */
const credentialBase = {
  id: base64url(1366).min(1, "Required"),
  rawId: base64url(1366).min(1, "Required"),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.unknown()).default({}),
};

/** The browser's answer to a registration ceremony (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1, "Required"),
    attestationObject: base64url(32768).min(1, "Required"),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    authenticatorData: base64url(32768).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** The browser's answer to a sign-in ceremony (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1, "Required"),
    authenticatorData: base64url(32768).min(1, "Required"),
    signature: base64url(1024).min(1, "Required"),
    userHandle: base64url(128).optional(),
  }),
});

/** POST /api/auth/passkeys/registration/verify: the answer, and an optional name (default "Passkey n"). */
export const registrationVerifySchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameField.optional(),
});

/** POST /api/auth/passkeys/authentication/verify: the answer, and where to land afterwards (a same-site path). */
export const authenticationVerifySchema = z.object({
  response: authenticationResponseSchema,
  returnTo: z.string().max(MAX_RETURN_TO_LENGTH).optional().catch(undefined),
});
