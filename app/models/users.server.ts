/**
 * Users: lookup, local-account creation and password verification (argon2id).
 */
import { hash, verify } from "argon2";
import { and, eq, isNull } from "drizzle-orm";
import { accountTokens, sessions, users, type User } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** The user fields exposed to pages and to `GET /api/auth/user`. */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "user" | "admin";
  /** True once the owner proved they receive mail at `email` (users.emailVerifiedAt is set). */
  emailVerified: boolean;
}

/** Strips secrets from a user row. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** Emails are compared case-insensitively: they are stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function getUserById(id: number): User | undefined {
  return getDb().select().from(users).where(eq(users.id, id)).get();
}

export function getUserByEmail(email: string): User | undefined {
  return getDb().select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

/** argon2id hash of a password (library defaults: 64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A valid argon2id hash of a random password: hashing work done for unknown addresses, so timing does not reveal which emails exist. */
export async function hashDecoyPassword(password: string): Promise<void> {
  dummyHash ??= hash(crypto.randomUUID());
  await verify(await dummyHash, password).catch(() => false);
}

/** A valid argon2id hash of a random string, verified against when no user matches so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email/password pair.
 * @returns the user, or null when the email is unknown, has no password, or the password is wrong.
 */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = getUserByEmail(email);
  if (!user?.passwordHash) {
    await hashDecoyPassword(password);
    return null;
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  return ok ? user : null;
}

/**
 * Sets a new password after a reset link was used: stores `passwordHash`, ends
 * every session of the user, deletes their other reset links, and marks the
 * email verified when the link went to the account's current address (the
 * link proved it). One transaction.
 * @returns the user, or undefined when it no longer exists or its address is no longer `linkEmail`.
 */
export function replacePassword(userId: number, passwordHash: string, linkEmail: string, now: Date): User | undefined {
  return getDb().transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user || user.email !== linkEmail) return undefined;
    tx.delete(sessions).where(eq(sessions.userId, userId)).run();
    tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "password-reset"))).run();
    return tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, userId))
      .returning()
      .get();
  });
}

/**
 * Marks `userId`'s email verified, when `linkEmail` (the address the link was mailed to) is still its address.
 * @returns true when the address is verified now (also when it already was).
 */
export function markEmailVerified(userId: number, linkEmail: string, now: Date): boolean {
  const db = getDb();
  db.update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, linkEmail), isNull(users.emailVerifiedAt)))
    .run();
  const user = db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  return user?.email === linkEmail && user.verifiedAt !== null;
}

/**
 * Moves `userId` to the confirmed address `newEmail` (verified by the link that confirmed it).
 * @returns "changed", "taken" when another account has the address now, or "not-found".
 */
export function changeEmail(userId: number, newEmail: string, now: Date): "changed" | "taken" | "not-found" {
  const email = normalizeEmail(newEmail);
  const db = getDb();
  const owner = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (owner && owner.id !== userId) return "taken";
  try {
    const changed = db.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId)).run().changes;
    return changed > 0 ? "changed" : "not-found";
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) return "taken";
    throw error;
  }
}
