/**
 * The store of idempotency keys (`idempotency_keys`,
 * docs/decisions/0125-idempotency-keys.md): reserve a key before the write, keep
 * the answer after it, replay it to a retry. Decisions are app/domain/idempotency.ts.
 */
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { idempotencyKeys } from "../../db/schema";
import { decideIdempotency, IDEMPOTENCY_TTL_MS, type IdempotencyDecision } from "~/domain/idempotency";
import { getDb } from "~/platform/db.server";

/** Most expired entries deleted by one reservation, so a reservation stays short. */
const PRUNE_BATCH = 100;

/** A kept answer. `body` is its text (JSON for /api, the redirect target for the desk's form). */
export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * Reserves `key` for `caller`, or says why not, in one transaction; deletes up to
 * `PRUNE_BATCH` entries older than the TTL on the way.
 * @param input.fingerprint SHA-256 (hex) of the request's method, path and body.
 * @returns the decision, with the kept answer when it is `replay`.
 */
export function reserveIdempotencyKey(
  input: { caller: string; key: string; fingerprint: string; now: Date },
  db: Db = getDb(),
): { decision: Exclude<IdempotencyDecision, "replay"> } | { decision: "replay"; answer: KeptAnswer } {
  const { caller, key, fingerprint, now } = input;
  return db.transaction((tx) => {
    const expired = tx
      .select({ caller: idempotencyKeys.caller, key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
      .limit(PRUNE_BATCH)
      .all();
    for (const row of expired) {
      tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, row.caller), eq(idempotencyKeys.key, row.key))).run();
    }
    const where = and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));
    const stored = tx.select().from(idempotencyKeys).where(where).get();
    const decision = decideIdempotency(stored, fingerprint, now);
    if (decision === "replay" && stored?.status != null) {
      return { decision, answer: { status: stored.status, contentType: stored.contentType, body: stored.body ?? "" } };
    }
    if (decision === "proceed") {
      tx.insert(idempotencyKeys)
        .values({ caller, key, fingerprint, status: null, contentType: null, body: null, createdAt: now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.caller, idempotencyKeys.key],
          set: { fingerprint, status: null, contentType: null, body: null, createdAt: now },
        })
        .run();
    }
    return { decision: decision === "replay" ? "in-progress" : decision };
  });
}

/**
 * Deletes entries older than the TTL, `PRUNE_BATCH` at a time until none is left
 * (run hourly by the scheduler, so kept answers never outlive 24 hours by much).
 * @returns how many were deleted.
 */
export function pruneIdempotencyKeys(now: Date, db: Db = getDb()): number {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ caller: idempotencyKeys.caller, key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .limit(PRUNE_BATCH)
      .all();
    if (batch.length === 0) return deleted;
    db.transaction((tx) => {
      for (const row of batch) {
        tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, row.caller), eq(idempotencyKeys.key, row.key))).run();
      }
    });
    deleted += batch.length;
  }
}

/** Keeps the answer of the request that reserved (`caller`, `key`). */
export function keepIdempotentAnswer(caller: string, key: string, answer: KeptAnswer, db: Db = getDb()): void {
  db.update(idempotencyKeys)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)))
    .run();
}

/** Frees (`caller`, `key`) after a request refused without deciding anything (409, 429), so a retry runs again. */
export function releaseIdempotencyKey(caller: string, key: string, db: Db = getDb()): void {
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key))).run();
}
