/**
 * Account deletion with re-authentication: the password, and the second
 * factor when two-factor authentication is on, confirm the request before
 * the 14-day grace starts (shared by Account → Privacy and `DELETE /api/me`).
 */
import { PRIVACY_COPY } from "~/content/account-privacy";
import { requestDeletion } from "~/models/account-privacy.server";
import { isTwoFactorEnabled, verifySecondFactor } from "~/models/two-factor.server";
import { getUserById } from "~/models/users.server";
import type { DeleteAccountInput } from "~/schemas/privacy";
import { verify } from "argon2";

/** The outcome: the purge date, or the field that failed and why. */
export type DeletionOutcome = { ok: true; purgeAt: Date } | { ok: false; field: "password" | "code"; message: string };

/**
 * Checks `input` against the account of `userId` and, when it holds, records the deletion request
 * (ending every session).
 * @returns `{ok: true, purgeAt}` or `{ok: false, field, message}` (wrong or missing password or code).
 */
export async function confirmDeletion(userId: number, input: DeleteAccountInput, now: Date): Promise<DeletionOutcome> {
  const user = getUserById(userId);
  if (!user?.passwordHash) return { ok: false, field: "password", message: PRIVACY_COPY.noPassword };
  const passwordOk = await verify(user.passwordHash, input.password).catch(() => false);
  if (!passwordOk) return { ok: false, field: "password", message: PRIVACY_COPY.wrongPassword };
  if (isTwoFactorEnabled(userId)) {
    if (!input.code) return { ok: false, field: "code", message: PRIVACY_COPY.codeRequired };
    if (!(await verifySecondFactor(userId, input.code))) return { ok: false, field: "code", message: PRIVACY_COPY.wrongCode };
  }
  return { ok: true, purgeAt: requestDeletion(userId, now) };
}
