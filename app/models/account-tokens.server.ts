/**
 * Single-use account links (docs/decisions/0115-account-links.md): 256-bit
 * random tokens, stored only as their SHA-256, one live token per user and
 * purpose (a newer one replaces the older), deleted when used.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { accountTokens, type AccountTokenPurpose } from "../../db/schema";
import { accountTokenExpiry, isAccountTokenShape } from "~/domain/account-tokens";
import { getDb } from "~/platform/db.server";

/** Hex SHA-256 of a token: what the table stores and looks up. */
export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token: 32 bytes from the CSPRNG, base64url (43 characters), with its hash. */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashAccountToken(token) };
}

/**
 * Stores the hash of a new token of `purpose` for `userId`, replacing any older one of that purpose.
 * @param email the address the link is mailed to; now the issue time (the expiry follows from the purpose).
 * @returns the token to put in the link (never stored).
 */
export function issueAccountToken(userId: number, purpose: AccountTokenPurpose, email: string, now: Date): string {
  const { token, tokenHash } = newAccountToken();
  getDb().transaction((tx) => {
    tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose))).run();
    tx.insert(accountTokens).values({ tokenHash, userId, purpose, email, expiresAt: accountTokenExpiry(purpose, now), createdAt: now }).run();
  });
  return token;
}

/** What a live token stands for. */
export interface AccountTokenGrant {
  userId: number;
  purpose: AccountTokenPurpose;
  email: string;
}

/**
 * The live token `token` of one of `purposes` without using it (for the page that asks to confirm).
 * @returns the grant, or null when malformed, unknown, used, replaced or expired.
 */
export function findAccountToken(token: string | null | undefined, purposes: readonly AccountTokenPurpose[], now: Date): AccountTokenGrant | null {
  if (!isAccountTokenShape(token)) return null;
  const row = getDb().select().from(accountTokens).where(eq(accountTokens.tokenHash, hashAccountToken(token))).get();
  if (!row || !purposes.includes(row.purpose) || row.expiresAt.getTime() <= now.getTime()) return null;
  return { userId: row.userId, purpose: row.purpose, email: row.email };
}

/**
 * Uses `token`: deletes its row and returns what it granted, in one statement,
 * so two concurrent uses cannot both succeed. An expired row is deleted too.
 * @returns the grant, or null when malformed, unknown, of another purpose, used, replaced or expired.
 */
export function consumeAccountToken(token: string | null | undefined, purposes: readonly AccountTokenPurpose[], now: Date): AccountTokenGrant | null {
  if (!isAccountTokenShape(token)) return null;
  const row = getDb().delete(accountTokens).where(eq(accountTokens.tokenHash, hashAccountToken(token))).returning().get();
  if (!row || !purposes.includes(row.purpose) || row.expiresAt.getTime() <= now.getTime()) return null;
  return { userId: row.userId, purpose: row.purpose, email: row.email };
}

/** Deletes every token of `purpose` of `userId` (e.g. reset links once the password changed). */
export function deleteAccountTokens(userId: number, purpose: AccountTokenPurpose): void {
  getDb().delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose))).run();
}
