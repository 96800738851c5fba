/**
 * What /status and GET /api/status read beside the probes of
 * operations.server.ts: delivery attempts per channel in a window, the
 * delivery queue, and the incident notes admins post (`status_incidents`).
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { DELIVERY_CHANNELS, statusIncidents, type IncidentSeverity, type StatusIncident } from "../../db/schema";
import { getDb } from "~/platform/db.server";

export type { StatusIncident };
/** The delivery channels the status page reports, in order. */
export const STATUS_CHANNELS = DELIVERY_CHANNELS;

/** One delivery attempt as the status page counts it. `ok`: the attempt succeeded (it recorded no error). */
export interface AttemptSample {
  channel: string;
  /** When the attempt started, ms since the epoch. */
  attemptedAt: number;
  latencyMs: number;
  ok: boolean;
}

/** Every delivery attempt made at or after `since`, with its channel. Uses the attempts' time index. */
export function deliveryAttemptsSince(since: Date, db: Db = getDb()): AttemptSample[] {
  const rows = db.$client
    .prepare(
      "SELECT j.channel AS channel, a.attempted_at AS attemptedAt, a.latency_ms AS latencyMs, a.error IS NULL AS ok FROM delivery_attempts a JOIN delivery_jobs j ON j.id = a.job_id WHERE a.attempted_at >= ?",
    )
    .all(since.getTime()) as { channel: string; attemptedAt: number; latencyMs: number; ok: number }[];
  return rows.map((row) => ({ channel: row.channel, attemptedAt: row.attemptedAt, latencyMs: row.latencyMs, ok: row.ok === 1 }));
}

/**
 * The delivery queue at `now`: jobs waiting (queued, retrying or being sent) and the due time of
 * the oldest one due (queued or retrying with `next_attempt_at` ≤ now), null when none is due.
 */
export function deliveryQueueFacts(now: Date, db: Db = getDb()): { depth: number; oldestDueAt: Date | null } {
  const row = db.$client
    .prepare(
      "SELECT (SELECT count(*) FROM delivery_jobs WHERE status IN ('queued', 'retrying', 'sending')) AS depth, (SELECT min(next_attempt_at) FROM delivery_jobs WHERE status IN ('queued', 'retrying') AND next_attempt_at <= ?) AS oldest",
    )
    .get(now.getTime()) as { depth: number; oldest: number | null };
  return { depth: row.depth, oldestDueAt: row.oldest === null ? null : new Date(row.oldest) };
}

/** The newest `limit` incident notes, newest first. */
export function listIncidents(limit = 20, db: Db = getDb()): StatusIncident[] {
  return db.select().from(statusIncidents).orderBy(desc(statusIncidents.createdAt), desc(statusIncidents.id)).limit(limit).all();
}

/** Posts an incident note at `now`. @returns the stored note. */
export function createIncident(input: { title: string; body: string; severity: IncidentSeverity; resolved: boolean }, now: Date, db: Db = getDb()): StatusIncident {
  return db.insert(statusIncidents).values({ ...input, createdAt: now, updatedAt: now }).returning().get();
}

/**
 * Marks incident `id` resolved (or open again) at `now`.
 * @returns false when there is no such incident.
 */
export function setIncidentResolved(id: number, resolved: boolean, now: Date, db: Db = getDb()): boolean {
  return db.update(statusIncidents).set({ resolved, updatedAt: now }).where(eq(statusIncidents.id, id)).run().changes > 0;
}
