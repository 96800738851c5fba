/**
 * API keys: `Authorization: Bearer <key>` for programs calling /api. Only a
 * SHA-256 hash of each key is stored; keys carry 256 bits of randomness, so a
 * fast hash is enough (no dictionary to guess from).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, apiUsage, users, type User } from "../../db/schema";
import type { Db } from "../../db/connection";
import { getDb } from "~/platform/db.server";
import { canWriteHere } from "~/platform/litefs.server";
import { FREE_FEATURES } from "~/content/plans";
import { getPlanFeatures } from "~/models/subscriptions.server";

/** Requests allowed per UTC calendar month with API keys without a plan that grants more (spec section 9; FREE_FEATURES). */
export const API_MONTHLY_LIMIT = FREE_FEATURES.apiMonthlyRequests;

/**
 * Requests user `userId` may make with API keys in the UTC month of `now`:
 * their plan's `apiMonthlyRequests` (app/content/plans.ts, `planFeatures`).
 */
export function apiMonthlyLimit(userId: number, now = new Date()): number {
  const role = getDb().select({ role: users.role }).from(users).where(eq(users.id, userId)).get()?.role ?? "user";
  return getPlanFeatures(userId, role, now).apiMonthlyRequests;
}

/** SHA-256 hex digest of a key. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The UTC calendar month of `date` as 'YYYY-MM'. */
export function usageMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Seconds from `now` to the start of the next UTC month (when the monthly count resets). */
export function secondsUntilNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * The owner of an unrevoked key, marking the key used at `now` (not on a
 * LiteFS replica, which only reads).
 * @returns the user, or null for an unknown or revoked key.
 */
export function authenticateApiKey(key: string, now = new Date()): User | null {
  const db = getDb();
  const row = db
    .select({ keyId: apiKeys.id, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .get();
  if (!row) return null;
  if (canWriteHere()) db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId)).run();
  return row.user;
}

/**
 * Counts one API-key request for `userId` in the month of `now`. On a LiteFS
 * replica nothing is stored: the answer is the month's replicated count plus
 * this request, so the limit still holds there but requests served by
 * replicas are not counted (docs/decisions/0066-writes-on-the-litefs-primary.md).
 * @returns the month's count including this request, the plan's monthly limit (`apiMonthlyLimit`) and whether the count is within it.
 */
export function recordApiRequest(userId: number, now = new Date()): { requests: number; limit: number; allowed: boolean } {
  const limit = apiMonthlyLimit(userId, now);
  if (!canWriteHere()) {
    const requests = usageThisMonth(userId, now).requests + 1;
    return { requests, limit, allowed: requests <= limit };
  }
  const row = getDb()
    .insert(apiUsage)
    .values({ userId, month: usageMonth(now), requests: 1 })
    .onConflictDoUpdate({ target: [apiUsage.userId, apiUsage.month], set: { requests: sql`${apiUsage.requests} + 1` } })
    .returning({ requests: apiUsage.requests })
    .get();
  return { requests: row.requests, limit, allowed: row.requests <= limit };
}

/** Most unrevoked keys one user may hold at once. */
export const MAX_ACTIVE_API_KEYS = 5;
/** Every key starts with this, so leaked keys are easy to recognise (and to scan for). */
const API_KEY_PREFIX = "fxt_";
/** Characters of the key kept in clear (`prefix`) to tell keys apart in lists. */
const API_KEY_PREFIX_LENGTH = 12;

/** A key as lists show it: never the key, never its hash. */
export interface ApiKeySummary {
  id: number;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A freshly generated key: `key` is shown to the owner once and is not stored anywhere. */
export interface GeneratedApiKey {
  key: string;
  record: ApiKeySummary;
}

/** Thrown by generateApiKey when the user already holds MAX_ACTIVE_API_KEYS unrevoked keys. */
export class ApiKeyLimitError extends Error {
  constructor() {
    super(`You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one to generate another.`);
    this.name = "ApiKeyLimitError";
  }
}

const summaryColumns = {
  id: apiKeys.id,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The connection or a transaction on it. */
type Conn = Db | Tx;

/** A new random key: "fxt_" + 32 random bytes in base64url (43 characters). */
function newKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

function insertKey(tx: Tx, userId: number, now: Date): GeneratedApiKey {
  const key = newKey();
  const record = tx
    .insert(apiKeys)
    .values({ userId, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), keyHash: hashApiKey(key), createdAt: now })
    .returning(summaryColumns)
    .get();
  return { key, record };
}

function activeKeyCount(tx: Conn, userId: number): number {
  return (
    tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .get()?.n ?? 0
  );
}

/**
 * Generates a key for `userId`; only its SHA-256 hash and first 12 characters are stored.
 * @returns the key (to show once) and its stored record.
 * @throws ApiKeyLimitError when the user already has MAX_ACTIVE_API_KEYS active keys.
 */
export function generateApiKey(userId: number, now = new Date()): GeneratedApiKey {
  return getDb().transaction((tx) => {
    if (activeKeyCount(tx, userId) >= MAX_ACTIVE_API_KEYS) throw new ApiKeyLimitError();
    return insertKey(tx, userId, now);
  });
}

/** The user's keys, active and revoked, newest first (never the hash). */
export function listApiKeys(userId: number): ApiKeySummary[] {
  return getDb()
    .select(summaryColumns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();
}

function revokeOwned(tx: Conn, userId: number, keyId: number, now: Date): boolean {
  const result = tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .run();
  return result.changes > 0;
}

/**
 * Revokes the user's key `keyId` and generates its replacement, in one transaction.
 * @returns the new key, or null when `keyId` is not an active key of `userId`.
 */
export function regenerateApiKey(userId: number, keyId: number, now = new Date()): GeneratedApiKey | null {
  return getDb().transaction((tx) => {
    if (!revokeOwned(tx, userId, keyId, now)) return null;
    return insertKey(tx, userId, now);
  });
}

/**
 * Revokes the user's key `keyId`; it stops working at once.
 * @returns false when `keyId` is not an active key of `userId`.
 */
export function revokeApiKey(userId: number, keyId: number, now = new Date()): boolean {
  return revokeOwned(getDb(), userId, keyId, now);
}

export interface ApiUsage {
  /** API-key requests counted this UTC month (including any refused with 429). */
  requests: number;
  limit: number;
  /** Start of the next UTC month, when the count resets. */
  resetsAt: Date;
}

/** The user's API-key request count for the UTC month of `now` and their plan's monthly limit. */
export function usageThisMonth(userId: number, now = new Date()): ApiUsage {
  const row = getDb()
    .select({ requests: apiUsage.requests })
    .from(apiUsage)
    .where(and(eq(apiUsage.userId, userId), eq(apiUsage.month, usageMonth(now))))
    .get();
  return {
    requests: row?.requests ?? 0,
    limit: apiMonthlyLimit(userId, now),
    resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}
