/**
 * What the operator's checks read and the long-running parts write: the
 * heartbeats (`heartbeats`), the readiness probes of the database (reads,
 * writes, migrations) and the release of a stopping worker's leases
 * (docs/decisions/0120-health-and-readiness.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, type Db } from "../../db/connection";
import { deliveryJobs, heartbeats } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** The heartbeat name of the delivery worker (whichever process runs it). */
export const WORKER_HEARTBEAT = "delivery-worker";

/** The heartbeat row whose time is the newest moment the backup replica can restore (the backup-age job writes it). */
export const BACKUP_HEARTBEAT = "backup-replica";

/** How often a running delivery worker records its heartbeat, ms. */
export const WORKER_HEARTBEAT_MS = 10_000;

/**
 * Records that `name` is alive at `now` (upsert of its row).
 * @param owner who beats, e.g. a worker's lease owner.
 */
export function beat(name: string, owner: string, now: Date, db: Db = getDb()): void {
  db.insert(heartbeats)
    .values({ name, owner, beatAt: now })
    .onConflictDoUpdate({ target: heartbeats.name, set: { owner, beatAt: now } })
    .run();
}

/** The last beat of `name`, or null when it never beat. */
export function lastBeat(name: string, db: Db = getDb()): { owner: string; beatAt: Date } | null {
  const row = db.select({ owner: heartbeats.owner, beatAt: heartbeats.beatAt }).from(heartbeats).where(eq(heartbeats.name, name)).get();
  return row ?? null;
}

/** The newest beat of any part, or null when none ever beat (on a replica: the last the primary's copy sent). */
export function newestBeat(db: Db = getDb()): Date | null {
  const row = db.select({ at: sql<number | null>`max(${heartbeats.beatAt})` }).from(heartbeats).get();
  return row?.at == null ? null : new Date(row.at);
}

/** Proves a read: `SELECT 1` answers 1. @throws the SQLite error when it cannot read. */
export function probeRead(db: Db = getDb()): void {
  const value = db.$client.prepare("SELECT 1").pluck().get();
  if (value !== 1) throw new Error(`SELECT 1 answered ${String(value)}`);
}

/**
 * Proves a write without keeping one: takes the write lock (BEGIN IMMEDIATE),
 * writes a heartbeat row and rolls back, so nothing reaches the file or the WAL.
 * @throws the SQLite error (busy past busy_timeout, read-only, disk full ...).
 */
export function probeWrite(now: Date, db: Db = getDb()): void {
  const client = db.$client;
  client.exec("BEGIN IMMEDIATE");
  try {
    client.prepare("INSERT OR REPLACE INTO heartbeats (name, owner, beat_at) VALUES ('readyz-probe', 'readyz', ?)").run(now.getTime());
  } finally {
    client.exec("ROLLBACK");
  }
}

/**
 * Whether every committed migration is applied: the newest entry of
 * db/migrations/meta/_journal.json (its `when`, which drizzle stores as
 * `created_at`) against the newest row of `__drizzle_migrations`.
 * @returns the counts, and `current` true when nothing is pending.
 */
export function migrationState(db: Db = getDb(), folder: string = MIGRATIONS_FOLDER): { current: boolean; committed: number; applied: number } {
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const row = db.$client.prepare("SELECT count(*) AS applied, max(created_at) AS newest FROM __drizzle_migrations").get() as { applied: number; newest: number | null };
  return { current: (row.newest ?? 0) >= newest, committed: journal.entries.length, applied: row.applied };
}

/**
 * Gives back the jobs `owner` holds (status `sending`) so another worker can
 * claim them at once instead of waiting for the lease to expire: back to
 * `retrying` (or `queued` when this was the first attempt), due `now`, the
 * claim's attempt count undone.
 * @returns how many jobs were released.
 */
export function releaseLeases(owner: string, now: Date, db: Db = getDb()): number {
  return db
    .update(deliveryJobs)
    .set({
      status: sql`CASE WHEN ${deliveryJobs.attempts} <= 1 THEN 'queued' ELSE 'retrying' END`,
      attempts: sql`max(${deliveryJobs.attempts} - 1, 0)`,
      leaseOwner: null,
      leaseUntil: null,
      nextAttemptAt: now,
    })
    .where(and(eq(deliveryJobs.leaseOwner, owner), eq(deliveryJobs.status, "sending")))
    .run().changes;
}
