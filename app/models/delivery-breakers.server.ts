/**
 * Per-host circuit breakers of the webhook channel as stored
 * (`delivery_breakers`; docs/decisions/0152-per-host-circuit-breaking.md):
 * workers write a host's breaker when it changes state and read them all when
 * they start; /admin/deliveries lists the ones not closed or changed lately.
 */
import { desc, gte, ne, or } from "drizzle-orm";
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

/** Every stored breaker by host, as the pure state (for a worker starting). */
export function loadBreakers(db: Db = getDb()): Map<string, BreakerState> {
  return new Map(
    db
      .select()
      .from(deliveryBreakers)
      .all()
      .map((row) => [
        row.host,
        {
          state: row.state,
          timeouts: row.timeouts,
          windowStart: row.windowStart?.getTime() ?? null,
          openedAt: row.openedAt?.getTime() ?? null,
          retryAt: row.retryAt?.getTime() ?? null,
        },
      ]),
  );
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
