/** The second step of sign-in (/login/two-factor), validated by the page (Conform) and its action (`handleIntent`). */
import { z } from "zod";
import { normalizeRecoveryCode } from "~/domain/recovery-codes";

/** A 6-digit authenticator code once spaces and dashes are taken out. */
export const SIX_DIGIT_CODE = /^\d{6}$/;

/** `/login/two-factor`: six digits (spaces allowed, "123 456") or a recovery code ("7k2m-9qfa-x3bd-h8pe"). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ required_error: "Enter the 6-digit code from your authenticator app" })
    .max(64, "The code is 6 digits, or a recovery code")
    .transform((value) => value.trim())
    .refine(
      (value) => SIX_DIGIT_CODE.test(value.replace(/[\s-]/g, "")) || normalizeRecoveryCode(value) !== null,
      "The code is 6 digits, or a recovery code",
    ),
});
