/**
 * Users: lookup, local-account creation and password verification (argon2id).
 */
import { hash, verify } from "argon2";
import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** The user fields exposed to pages and to `GET /api/auth/user`. */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "user" | "admin";
}

/** Strips secrets from a user row. */
export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
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

/** A valid argon2id hash of a random string, verified against when no user matches so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email/password pair.
 * @returns the user, or null when the email is unknown, has no password, or the password is wrong.
 */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = getUserByEmail(email);
  if (!user?.passwordHash) {
    dummyHash ??= hash(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  return ok ? user : null;
}
