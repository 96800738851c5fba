/**
 * Per-host circuit breakers of the webhook channel as stored
 * (`delivery_breakers`; docs/decisions/0152-per-host-circuit-breaking.md):
 * workers write a host's breaker when it changes and read it before each
 * attempt to the host; /admin/deliveries lists the ones not closed or changed lately.
 */
import { desc, eq, gte, ne, or } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { deliveryBreakers, type DeliveryBreaker } from "../../db/schema";
import type { BreakerState } from "~/domain/circuit-breaker";
import { getDb } from "~/platform/db.server";

/** Writes host `host`'s breaker (`host:port`) as of `now` (an upsert). */
export function saveBreaker(host: string, breaker: BreakerState, now: Date, db: Db = getDb()): void {
  const row = {
    state: breaker.state,
    timeouts: breaker.timeouts,
    windowStart: breaker.windowStart === null ? null : new Date(breaker.windowStart),
    openedAt: breaker.openedAt === null ? null : new Date(breaker.openedAt),
    retryAt: breaker.retryAt === null ? null : new Date(breaker.retryAt),
    updatedAt: now,
  };
  db.insert(deliveryBreakers).values({ host, ...row }).onConflictDoUpdate({ target: deliveryBreakers.host, set: row }).run();
}

/** Host `host`'s stored breaker as the pure state, or null when none is stored (closed). Every worker reads it before an attempt, so they share one breaker per host. */
export function readBreaker(host: string, db: Db = getDb()): BreakerState | null {
  const row = db.select().from(deliveryBreakers).where(eq(deliveryBreakers.host, host)).get();
  if (!row) return null;
  return {
    state: row.state,
    timeouts: row.timeouts,
    windowStart: row.windowStart?.getTime() ?? null,
    openedAt: row.openedAt?.getTime() ?? null,
    retryAt: row.retryAt?.getTime() ?? null,
  };
}

/**
 * The breakers the operators' dashboard shows: every one not closed, and the
 * closed ones changed since `since` (recovered lately), newest change first, at most `limit`.
 */
export function listBreakers(since: Date, limit: number, db: Db = getDb()): DeliveryBreaker[] {
  return db
    .select()
    .from(deliveryBreakers)
    .where(or(ne(deliveryBreakers.state, "closed"), gte(deliveryBreakers.updatedAt, since)))
    .orderBy(desc(deliveryBreakers.updatedAt))
    .limit(limit)
    .all();
}
