/** Account deletion: the re-authentication the Account → Privacy form and `DELETE /api/me` share. */
import { z } from "zod";
import { PRIVACY_COPY } from "~/content/account-privacy";

export const deleteAccountSchema = z
  .object({
    password: z.string({ required_error: PRIVACY_COPY.passwordRequired }).min(1, PRIVACY_COPY.passwordRequired).max(200),
    /** Required when two-factor authentication is on: a 6-digit code or a recovery code. */
    code: z.string().trim().max(40).optional(),
  })
  .strict();

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * The Account → Privacy page's two forms: `cancel-deletion`, and
 * `delete-account` with the re-authentication (fields other than these are ignored).
 */
export const privacyIntentSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("cancel-deletion") }), deleteAccountSchema.extend({ intent: z.literal("delete-account") }).strip()],
  { errorMap: () => ({ message: PRIVACY_COPY.unknownAction }) },
);
