/** Recovery codes as text: made from 10 random bytes, formatted in groups, normalized back for hashing. */
import { describe, expect, it } from "vitest";
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_LENGTH,
  recoveryCodeFromBytes,
  recoveryCodesLeftText,
} from "~/domain/recovery-codes";

describe("recovery codes", () => {
  it("turns 10 bytes into 16 Crockford base32 characters, 5 bits each", () => {
    expect(recoveryCodeFromBytes(new Uint8Array(RECOVERY_CODE_BYTES))).toBe("0000000000000000");
    expect(recoveryCodeFromBytes(new Uint8Array(RECOVERY_CODE_BYTES).fill(255))).toBe("zzzzzzzzzzzzzzzz");
    // 0x08 0x42 ... : the first 5-bit groups of 00001000 01000010 are 00001 00001 0000… → "11…"
    const code = recoveryCodeFromBytes(Uint8Array.from([8, 66, 16, 132, 33, 8, 66, 16, 132, 33]));
    expect(code).toBe("1111111111111111");
    expect(code).toHaveLength(RECOVERY_CODE_LENGTH);
    expect(() => recoveryCodeFromBytes(new Uint8Array(9))).toThrow("A recovery code needs 10 bytes");
  });

  it("formats in four groups and normalizes what a person types back to the stored form", () => {
    expect(formatRecoveryCode("7k2m9qfax3bdh8pe")).toBe("7k2m-9qfa-x3bd-h8pe");
    expect(normalizeRecoveryCode("7K2M-9QFA-X3BD-H8PE")).toBe("7k2m9qfax3bdh8pe");
    expect(normalizeRecoveryCode(" 7k2m 9qfa x3bd h8pe ")).toBe("7k2m9qfax3bdh8pe");
    // Crockford look-alikes: O reads as 0, I and L as 1.
    expect(normalizeRecoveryCode("OOOO-IIII-LLLL-0000")).toBe("0000111111110000");
    expect(normalizeRecoveryCode("7k2m-9qfa-x3bd-h8p")).toBeNull();
    expect(normalizeRecoveryCode("7k2m-9qfa-x3bd-h8pu")).toBeNull();
    expect(normalizeRecoveryCode("123456")).toBeNull();
  });

  it("says how many are left", () => {
    expect(recoveryCodesLeftText(7)).toBe("7 of 10 recovery codes left");
  });
});
