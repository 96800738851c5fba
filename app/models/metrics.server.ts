/**
 * The database figures `GET /metrics` reports (server/metrics.ts), each one
 * query read at scrape time: the outbox by channel, delivery jobs by status,
 * and the ledger's length.
 */
import type { Db } from "../../db/connection";
import { getDb } from "~/platform/db.server";

/** Jobs waiting per channel (`queued` or `retrying`) and the oldest one's due time (ms since the epoch). */
export function outboxByChannel(db: Db = getDb()): { channel: string; depth: number; oldestDueAt: number }[] {
  return db.$client
    .prepare("SELECT channel, count(*) AS depth, min(next_attempt_at) AS oldestDueAt FROM delivery_jobs WHERE status IN ('queued', 'retrying') GROUP BY channel")
    .all() as { channel: string; depth: number; oldestDueAt: number }[];
}

/** Delivery jobs by status (`sent`, `dead`, `retrying`, …): what deliveries came to. */
export function deliveriesByStatus(db: Db = getDb()): { status: string; count: number }[] {
  return db.$client.prepare("SELECT status, count(*) AS count FROM delivery_jobs GROUP BY status").all() as { status: string; count: number }[];
}

/** The ledger's length: the highest `seq` of `signal_events` (events are never deleted), 0 when empty. */
export function ledgerLength(db: Db = getDb()): number {
  return (db.$client.prepare("SELECT coalesce(max(seq), 0) FROM signal_events").pluck().get() as number) ?? 0;
}
