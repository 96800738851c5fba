/**
 * The signed-in user's profile (name and email) and account statistics for
 * /portal/account.
 */
import { and, count, eq, gte, inArray, ne } from "drizzle-orm";
import { signals, users, type User } from "../../db/schema";
import { getEntitlements } from "~/models/subscriptions.server";
import { normalizeEmail, toPublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
}

/** Message shown under the email field when another account uses the address. */
const EMAIL_IN_USE_MESSAGE = "Another account already uses this email address.";

export type UpdateProfileResult = { ok: true; user: User } | { ok: false; code: "email-taken" | "not-found"; message: string };

function isEmailUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);
}

/**
 * Saves the user's names and email (trimmed; email lower-cased so uniqueness
 * is case-insensitive).
 * @returns the updated user, or `email-taken` when another account has the email.
 */
export function updateProfile(userId: number, input: ProfileInput): UpdateProfileResult {
  const email = normalizeEmail(input.email);
  const db = getDb();
  const taken = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get();
  if (taken) return { ok: false, code: "email-taken", message: EMAIL_IN_USE_MESSAGE };
  try {
    const user = db
      .update(users)
      .set({ firstName: input.firstName.trim(), lastName: input.lastName.trim(), email })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (!user) return { ok: false, code: "not-found", message: "Your account was not found." };
    return { ok: true, user };
  } catch (error) {
    // A concurrent signup may take the address between the check and the update.
    if (isEmailUniqueViolation(error)) return { ok: false, code: "email-taken", message: EMAIL_IN_USE_MESSAGE };
    throw error;
  }
}

export interface AccountStats {
  /** When the account was created (UTC). */
  memberSince: Date;
  /** Signals published since the user joined on strategies the user is entitled to now. */
  signalsReceived: number;
  /** How many strategies' live signals the user receives now. */
  strategiesFollowed: number;
}

/** Account statistics from the user's row, entitlements and the signals table. */
export function accountStats(userId: number, now = new Date()): AccountStats | undefined {
  const db = getDb();
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return undefined;
  const strategyIds = getEntitlements(toPublicUser(user), now).strategyIds;
  const signalsReceived =
    strategyIds.length === 0
      ? 0
      : (db
          .select({ n: count() })
          .from(signals)
          .where(and(inArray(signals.strategyId, strategyIds), gte(signals.createdAt, user.createdAt)))
          .get()?.n ?? 0);
  return { memberSince: user.createdAt, signalsReceived, strategiesFollowed: strategyIds.length };
}
