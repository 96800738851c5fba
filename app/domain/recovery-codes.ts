/**
 * Two-factor recovery codes as text (docs/decisions/0049-two-factor-recovery-codes.md):
 * ten one-time codes of 16 Crockford base32 characters (80 random bits each),
 * shown as four groups of four ("7k2m-9qfa-x3bd-h8pe"). Pure: the model
 * supplies the random bytes and stores only a hash of the normalized code.
 */
import { CROCKFORD_BASE32, encodeBase32 } from "./base32";

/** How many recovery codes are issued at once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters in a code (5 bits each, so 80 bits of randomness). */
export const RECOVERY_CODE_LENGTH = 16;
/** Random bytes one code is made from: RECOVERY_CODE_LENGTH × 5 bits = 80 bits = 10 bytes. */
export const RECOVERY_CODE_BYTES = 10;


/**
 * A code from RECOVERY_CODE_BYTES random bytes, unformatted (16 characters).
 * @throws Error when `bytes` is not exactly RECOVERY_CODE_BYTES long.
 */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== RECOVERY_CODE_BYTES) throw new Error(`A recovery code needs ${RECOVERY_CODE_BYTES} bytes`);
  return encodeBase32(bytes, CROCKFORD_BASE32);
}

/** '7k2m9qfax3bdh8pe' → '7k2m-9qfa-x3bd-h8pe' (for display). */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/**
 * A recovery code as typed, normalized for hashing: lower case, spaces and
 * dashes dropped, Crockford's look-alikes read as digits (o → 0, i and l → 1).
 * @returns the 16-character code, or null when the input cannot be one.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input
    .toLowerCase()
    .replace(/[\s-]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  return [...code].every((char) => CROCKFORD_BASE32.includes(char)) ? code : null;
}

/** '3 of 10 recovery codes left': how many unused codes remain, for display. */
export function recoveryCodesLeftText(left: number): string {
  return `${left} of ${RECOVERY_CODE_COUNT} recovery codes left`;
}
