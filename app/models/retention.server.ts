/**
 * Retention and maintenance jobs of the scheduler
 * (docs/decisions/0121-scheduler-and-retention.md): sent delivery jobs and
 * their attempts past the retention period, and expired sessions, are deleted
 * in small batches, each its own short write transaction with the event loop
 * let go between two, so requests and the worker keep their turn.
 * `PRAGMA optimize` keeps the query planner's statistics current. The ledger
 * (`signal_events`, `signals`) is never touched here.
 */
import { setImmediate as yieldToLoop } from "node:timers/promises";
import type { Db } from "../../db/connection";
import { getDb } from "~/platform/db.server";

/** Rows deleted per transaction. */
export const PRUNE_BATCH = 500;

const DAY_MS = 86_400_000;

/** Deletes batches of `select` (rowids) with `remove` until a batch comes back short; returns the rows removed per table. */
async function inBatches(db: Db, select: string, params: unknown[], remove: (ids: number[]) => Record<string, number>, batch: number): Promise<Record<string, number>> {
  const pick = db.$client.prepare(select).pluck();
  const totals: Record<string, number> = {};
  for (;;) {
    const removed = db.$client.transaction(() => {
      const ids = pick.all(...params, batch) as number[];
      return { ids: ids.length, counts: ids.length === 0 ? {} : remove(ids) };
    }).immediate();
    for (const [table, count] of Object.entries(removed.counts)) totals[table] = (totals[table] ?? 0) + count;
    if (removed.ids < batch) return totals;
    await yieldToLoop();
  }
}

const placeholders = (ids: readonly number[]) => ids.map(() => "?").join(",");

/**
 * Deletes delivery jobs with status `sent` whose `sent_at` is more than
 * `retentionDays` days before `now`, and their attempts.
 * @returns `{ jobs, attempts }` deleted.
 */
export async function pruneSentDeliveries(now: Date, retentionDays: number, db: Db = getDb(), batch = PRUNE_BATCH): Promise<{ jobs: number; attempts: number }> {
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const totals = await inBatches(
    db,
    "SELECT id FROM delivery_jobs WHERE status = 'sent' AND sent_at < ? ORDER BY id LIMIT ?",
    [cutoff],
    (ids) => ({
      attempts: db.$client.prepare(`DELETE FROM delivery_attempts WHERE job_id IN (${placeholders(ids)})`).run(...ids).changes,
      jobs: db.$client.prepare(`DELETE FROM delivery_jobs WHERE id IN (${placeholders(ids)})`).run(...ids).changes,
    }),
    batch,
  );
  return { jobs: totals.jobs ?? 0, attempts: totals.attempts ?? 0 };
}

/**
 * Deletes sessions that expired before `now`.
 * @returns `{ sessions }` deleted.
 */
export async function pruneExpiredSessions(now: Date, db: Db = getDb(), batch = PRUNE_BATCH): Promise<{ sessions: number }> {
  const totals = await inBatches(
    db,
    "SELECT rowid FROM sessions WHERE expires_at < ? LIMIT ?",
    [now.getTime()],
    (ids) => ({ sessions: db.$client.prepare(`DELETE FROM sessions WHERE rowid IN (${placeholders(ids)})`).run(...ids).changes }),
    batch,
  );
  return { sessions: totals.sessions ?? 0 };
}

/**
 * Runs `PRAGMA optimize` (SQLite re-analyses the tables whose statistics are
 * stale, https://sqlite.org/pragma.html#pragma_optimize).
 * @returns the statements SQLite ran or would run, when it reports them (`{ analysed }`).
 */
export function optimizeDatabase(_now: Date, db: Db = getDb()): { analysed: number } {
  const rows = db.$client.pragma("optimize");
  return { analysed: Array.isArray(rows) ? rows.length : 0 };
}
