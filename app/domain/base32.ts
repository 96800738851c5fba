/** Base32 text of random bytes, for two-factor secrets and recovery codes. */

/** RFC 4648 §6 alphabet (what authenticator apps expect for TOTP secrets). */
export const RFC4648_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** Crockford's alphabet in lower case: no i, l, o or u, so codes read back without look-alikes. */
export const CROCKFORD_BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * `bytes` as base32 in `alphabet` (32 characters), 5 bits a character, most
 * significant first, without padding; a last partial group is padded with
 * zero bits (RFC 4648 §6).
 */
export function encodeBase32(bytes: Uint8Array, alphabet: string): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}
