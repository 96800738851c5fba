/**
 * The delivery outbox (`delivery_jobs`, `delivery_attempts`;
 * docs/decisions/0044-delivery-outbox.md): a ledger event's fan-out rows are
 * written inside the transaction that appends it and expanded into jobs after
 * the commit (outbox-fanout.server.ts); jobs are claimed by workers with a
 * lease in one UPDATE … RETURNING, and finished with their attempt recorded.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Statement } from "better-sqlite3";
import type { Db } from "../../db/connection";
import {
  DELIVERY_CHANNELS,
  deliveryAttempts,
  deliveryJobs,
  signalEvents,
  signals,
  users,
  type DeliveryAttempt,
  type DeliveryChannel,
  type DeliveryJob,
  type Signal,
} from "../../db/schema";
import { summarizeChannel, type ChannelSummary } from "~/domain/delivery-stats";
import {
  eventId,
  type EventCheckpoint,
  MAX_ATTEMPTS,
  retryDelay,
} from "~/domain/delivery";
import { getLedgerRoot } from "~/models/ledger-tree.server";
import { applyEventToMt5Queue } from "~/models/mt5.server";
import { projectedColumns, projectSignal, SIGNAL_EVENT_TYPES, type SignalEvent, type SignalEventType, type SignalState } from "~/domain/signal-lifecycle";
import type { SignalBefore, SummaryEvent } from "~/domain/event-summary";
import { getDb } from "~/platform/db.server";
import { enqueueFanouts } from "./outbox-fanout.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

// ---------------------------------------------------------------------------
// Waking workers of this process

const listeners = new Set<() => void>();

/**
 * Calls `listener` (on a later tick) whenever jobs are enqueued in this
 * process, so an in-process worker starts at once instead of at its next poll.
 * @returns a function that removes the listener.
 */
export function onJobsEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function wakeWorkers(): void {
  for (const listener of listeners) setImmediate(listener);
}

// ---------------------------------------------------------------------------
// Enqueueing

/**
 * Enqueues the deliveries of one ledger event inside the transaction `tx`
 * that appended it (the transactional outbox; `tx` must be a transaction of
 * the app's connection, `getDb()`, as every ledger write is): one fan-out row
 * per channel (`enqueueFanouts`), which workers expand into one job per
 * entitled follower and target after the commit
 * (docs/decisions/0151-fan-out-after-commit.md), so the publish costs the
 * same at any audience. The MT5 queue follows the event in the same
 * transaction (`applyEventToMt5Queue`: auto-send of a new signal, a new
 * version of a queued one). Wakes this process's workers.
 * @param event the appended ledger row: `seq`, `signalId`, `type` (a lifecycle event type) and `recordedAt`.
 * @returns how many fan-out rows were written (0 for an event that is not a lifecycle event).
 */
export function enqueueDeliveries(tx: Tx, event: { seq: number; signalId: number; type: string; recordedAt: Date }): number {
  if (!(SIGNAL_EVENT_TYPES as readonly string[]).includes(event.type)) return 0;
  applyEventToMt5Queue(tx, event);
  const rows = enqueueFanouts(tx, event);
  if (rows > 0) wakeWorkers();
  return rows;
}

/**
 * Enqueues one job that is not a ledger event (a webhook test event, a notice
 * email), due at `now`, carrying its own JSON `payload`.
 * @returns the job.
 */
export function enqueueJob(input: {
  userId: number;
  channel: DeliveryChannel;
  targetId: number;
  eventType: string;
  payload: unknown;
  now: Date;
}): DeliveryJob {
  const job = getDb()
    .insert(deliveryJobs)
    .values({
      userId: input.userId,
      channel: input.channel,
      targetId: input.targetId,
      eventType: input.eventType,
      payload: JSON.stringify(input.payload),
      nextAttemptAt: input.now,
      createdAt: input.now,
    })
    .returning()
    .get();
  wakeWorkers();
  return job;
}

// ---------------------------------------------------------------------------
// The event as delivered

/** A ledger event with the signal as it stood right after it (the projection of its events up to `seq`). */
export interface DeliveredEvent {
  eventId: string;
  seq: number;
  hash: string;
  type: SignalEventType;
  occurredAt: Date;
  signal: Signal;
  /** The Merkle tree of the first `seq` rows: the checkpoint current right after the event. */
  checkpoint: EventCheckpoint;
  /** What the event did, for `eventSummary` (app/domain/event-summary.ts): the event and the signal just before it (null for `published`). */
  change: { event: SummaryEvent; before: SignalBefore | null };
}

/** The event as `eventSummary` reads it, with the signal's outcome after a close. */
function summaryEvent(event: SignalEvent, after: SignalState): SummaryEvent {
  switch (event.type) {
    case "modified":
    case "partially_closed":
    case "cancelled":
      return { type: event.type, payload: event.payload } as SummaryEvent;
    case "closed":
      return { type: "closed", payload: event.payload, outcome: after.outcome };
    default:
      return { type: event.type };
  }
}

/**
 * The ledger event `seq` and its signal as of that event: the signal row's
 * fixed columns with the levels, status and outcome projected from its events
 * up to and including `seq` (so a late delivery of `published` still shows the
 * signal as published).
 * @returns null when there is no such event.
 */
export function deliveredEvent(seq: number, db: Queryable = getDb()): DeliveredEvent | null {
  const event = db.select().from(signalEvents).where(eq(signalEvents.seq, seq)).get();
  if (!event) return null;
  const row = db.select().from(signals).where(eq(signals.id, event.signalId)).get();
  if (!row) return null;
  const history = db
    .select()
    .from(signalEvents)
    .where(and(eq(signalEvents.signalId, event.signalId), sql`${signalEvents.seq} <= ${seq}`))
    .orderBy(asc(signalEvents.seq))
    .all()
    .map((e) => ({ type: e.type, occurredAt: e.occurredAt, payload: JSON.parse(e.payload) }) as SignalEvent);
  const state = projectSignal(history);
  const signal: Signal = { ...row, ...projectedColumns(state) };
  const checkpoint = { treeSize: seq, rootHash: getLedgerRoot(seq, db).toString("hex") };
  const prior = history.length > 1 ? projectSignal(history.slice(0, -1)) : null;
  const change = { event: summaryEvent(history[history.length - 1]!, state), before: prior };
  return { eventId: eventId(seq), seq, hash: event.hash, type: event.type as SignalEventType, occurredAt: event.occurredAt, signal, checkpoint, change };
}

/**
 * Ledger events after `after` (oldest first, at most `limit`), each with its signal as of the event.
 * @returns the events; empty at the head.
 */
export function deliveredEventsAfter(after: number, limit: number): DeliveredEvent[] {
  return getDb()
    .select({ seq: signalEvents.seq })
    .from(signalEvents)
    .where(sql`${signalEvents.seq} > ${after}`)
    .orderBy(asc(signalEvents.seq))
    .limit(limit)
    .all()
    .flatMap((row) => deliveredEvent(row.seq) ?? []);
}

// ---------------------------------------------------------------------------
// Claiming and finishing (docs/decisions/0106-delivery-jobs-not-batches.md)

/** Why a job whose worker vanished during its last allowed attempt is dead. */
export const LOST_LAST_ATTEMPT = "The worker stopped during the last attempt; its outcome is unknown";

/**
 * Claims up to `limit` due jobs for worker `owner` until `now + leaseMs`, in
 * one IMMEDIATE transaction, so two workers (threads or processes) never hold
 * the same job. Due: queued or retrying with `nextAttemptAt <= now`, or
 * sending with an expired lease (its worker died), and fewer than
 * MAX_ATTEMPTS attempts made (a job whose worker died during its last attempt
 * is marked dead instead, LOST_LAST_ATTEMPT). Per target (user, channel,
 * target id) at most one job is in flight: none is claimed while another of
 * the target is sending under a live lease, or while an earlier `seq` of the
 * target is neither sent nor dead (per-target order; a channel's fan-out rows
 * are expanded in ledger order, so the earlier jobs exist), and one claim takes at
 * most one job per target. Each claimed job's `attempts` is incremented (the
 * attempt it starts); its `leaseOwner` and `leaseUntil` are the fencing token
 * `finishAttempt` checks. Webhook jobs of `skipWebhookTargets` (endpoints on a
 * host the worker holds back: circuit open, or its per-host limit reached) are left.
 * @returns the claimed jobs, oldest due first.
 */
export function claimDueJobs(owner: string, now: Date, leaseMs: number, limit: number, db: Db = getDb(), skipWebhookTargets: readonly number[] = []): DeliveryJob[] {
  const at = now.getTime();
  const skip = skipWebhookTargets.length > 0 ? sql`AND NOT (j.channel = 'webhook' AND j.target_id IN (SELECT value FROM json_each(${JSON.stringify(skipWebhookTargets)})))` : sql``;
  return db.transaction(
    (tx) => {
      tx.run(sql`
        UPDATE delivery_jobs SET status = 'dead', lease_owner = NULL, lease_until = NULL, last_error = ${LOST_LAST_ATTEMPT}
        WHERE status = 'sending' AND lease_until < ${at} AND attempts >= ${MAX_ATTEMPTS}`);
      const rows = tx.all<Record<string, unknown>>(sql`
        UPDATE delivery_jobs
        SET status = 'sending', lease_owner = ${owner}, lease_until = ${at + leaseMs}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM (
            SELECT j.id, j.next_attempt_at,
                   ROW_NUMBER() OVER (PARTITION BY j.user_id, j.channel, j.target_id ORDER BY j.seq IS NULL, j.seq, j.id) AS place
            FROM delivery_jobs j
            WHERE ((j.status IN ('queued', 'retrying') AND j.next_attempt_at <= ${at})
                   OR (j.status = 'sending' AND j.lease_until < ${at}))
              AND j.attempts < ${MAX_ATTEMPTS}
              ${skip}
              AND NOT EXISTS (
                SELECT 1 FROM delivery_jobs s
                WHERE s.user_id = j.user_id AND s.channel = j.channel AND s.target_id = j.target_id
                  AND s.status = 'sending' AND s.lease_until >= ${at} AND s.id <> j.id)
              AND (j.seq IS NULL OR NOT EXISTS (
                SELECT 1 FROM delivery_jobs e
                WHERE e.user_id = j.user_id AND e.channel = j.channel AND e.target_id = j.target_id
                  AND e.seq < j.seq AND e.status NOT IN ('sent', 'dead'))))
          WHERE place = 1
          ORDER BY next_attempt_at, id
          LIMIT ${limit})
        RETURNING id`);
      if (rows.length === 0) return [];
      return tx
        .select()
        .from(deliveryJobs)
        .where(inArray(deliveryJobs.id, rows.map((row) => Number(row.id))))
        .orderBy(asc(deliveryJobs.nextAttemptAt), asc(deliveryJobs.id))
        .all();
    },
    { behavior: "immediate" },
  );
}

/** What one attempt at a job came to. */
export interface AttemptOutcome {
  /** The job as claimed: its `attempts` is this attempt's number, `leaseOwner` and `leaseUntil` the fencing token. */
  job: DeliveryJob;
  ok: boolean;
  /** True when retrying cannot help (the target is gone or disabled): the job dies now. */
  permanent?: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** True when no answer came in time. */
  timedOut?: boolean;
  /** When the attempt started. */
  attemptedAt: Date;
  /** When the attempt ended (the answer, the error or the timeout). */
  finishedAt: Date;
}

/** The two statements `finishAttempt` runs (prepared once per connection: the worker runs them for every attempt). */
const finishCache = new WeakMap<object, { update: Statement; insert: Statement }>();

function finishStatements(db: Db): { update: Statement; insert: Statement } {
  let statements = finishCache.get(db.$client);
  if (!statements) {
    statements = {
      update: db.$client.prepare(
        `UPDATE delivery_jobs SET status = ?, lease_owner = NULL, lease_until = NULL, next_attempt_at = ?, sent_at = ?, last_error = ?, last_status_code = ?
         WHERE id = ? AND lease_owner = ? AND lease_until = ? AND status = 'sending'`,
      ),
      insert: db.$client.prepare(
        `INSERT INTO delivery_attempts (job_id, attempt, attempted_at, status_code, latency_ms, response_excerpt, error) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    finishCache.set(db.$client, statements);
  }
  return statements;
}

/** Longest response excerpt and error stored, in characters. */
const EXCERPT_CHARS = 500;

/** What `finishAttempt` did with an outcome. */
export interface FinishResult {
  /** False when the lease was lost (fenced): the attempt is logged but the job is its new owner's. */
  current: boolean;
  /** The job's status after the attempt (for a fenced outcome, unchanged). */
  status: DeliveryJob["status"];
}

/**
 * Records one attempt the moment it ends, in one transaction: the attempt is
 * always logged (`delivery_attempts`, with its real start time and latency),
 * even when it comes from a worker that lost its lease; the job moves on only
 * when the fencing token still matches (`leaseOwner`, `leaseUntil` and status
 * sending, as claimed): a success is `sent` at `finishedAt`; a failure is
 * `retrying` at `finishedAt + retryDelay(attempts)`, or `dead` after
 * MAX_ATTEMPTS or when permanent.
 */
export function finishAttempt(outcome: AttemptOutcome, db: Db = getDb()): FinishResult {
  const { update, insert } = finishStatements(db);
  const { job } = outcome;
  return db.transaction(
    () => {
      insert.run(
        job.id,
        job.attempts,
        outcome.attemptedAt.getTime(),
        outcome.statusCode,
        Math.round(outcome.latencyMs),
        outcome.responseExcerpt?.slice(0, EXCERPT_CHARS) ?? null,
        outcome.error?.slice(0, EXCERPT_CHARS) ?? null,
      );
      const delay = outcome.ok || outcome.permanent ? null : retryDelay(job.attempts);
      const status = outcome.ok ? "sent" : delay === null ? "dead" : "retrying";
      const lastError = outcome.ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, EXCERPT_CHARS);
      const end = outcome.finishedAt.getTime();
      const nextAttemptAt = delay === null ? job.nextAttemptAt.getTime() : end + delay;
      const updated = update.run(status, nextAttemptAt, outcome.ok ? end : null, lastError, outcome.statusCode, job.id, job.leaseOwner, job.leaseUntil?.getTime() ?? null);
      return updated.changes > 0 ? { current: true, status } : { current: false, status: job.status };
    },
    { behavior: "immediate" },
  );
}

/**
 * Gives a claimed job back without an attempt (the worker held it back: its
 * host's circuit is open or its per-host limit is reached): the attempt its
 * claim counted is taken back, it is due at `until`, and `reason` (when not
 * null) becomes its last error. Fenced like `finishAttempt`.
 * @returns false when the lease was lost meanwhile.
 */
export function deferJob(job: DeliveryJob, until: Date, reason: string | null, db: Db = getDb()): boolean {
  return (
    db.run(sql`
      UPDATE delivery_jobs
      SET status = CASE WHEN attempts > 1 THEN 'retrying' ELSE 'queued' END, attempts = attempts - 1, next_attempt_at = ${until.getTime()},
          lease_owner = NULL, lease_until = NULL, last_error = COALESCE(${reason}, last_error)
      WHERE id = ${job.id} AND lease_owner = ${job.leaseOwner} AND lease_until = ${job.leaseUntil?.getTime() ?? null} AND status = 'sending'`).changes > 0
  );
}

/**
 * Puts job `jobId` of `userId` back in the queue, due at `now`, with a fresh
 * attempt budget ("Redeliver"). The job keeps its id, so webhooks keep their `webhook-id`.
 * @returns false when the job is not the user's or is being sent right now.
 */
export function redeliverJob(userId: number, jobId: number, now: Date): boolean {
  const result = getDb()
    .update(deliveryJobs)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now, sentAt: null, leaseOwner: null, leaseUntil: null })
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.userId, userId), sql`${deliveryJobs.status} <> 'sending'`))
    .run();
  if (result.changes > 0) wakeWorkers();
  return result.changes > 0;
}

/** Marks every unsent job of webhook endpoint `endpointId` dead with `reason` (the endpoint was disabled). */
export function killTargetJobs(endpointId: number, reason: string): void {
  getDb()
    .update(deliveryJobs)
    .set({ status: "dead", lastError: reason })
    .where(and(eq(deliveryJobs.channel, "webhook"), eq(deliveryJobs.targetId, endpointId), inArray(deliveryJobs.status, ["queued", "retrying"])))
    .run();
}

/** Deletes every job (and its attempts) of webhook endpoint `endpointId` (the endpoint was deleted). */
export function deleteTargetJobs(tx: Tx, endpointId: number): void {
  tx.delete(deliveryJobs).where(and(eq(deliveryJobs.channel, "webhook"), eq(deliveryJobs.targetId, endpointId))).run();
}

/** One job of a delivery log with its attempts, newest attempt first. */
export interface DeliveryLogEntry {
  job: DeliveryJob;
  attempts: DeliveryAttempt[];
}

/**
 * The newest `limit` jobs of one channel target (a webhook endpoint id; 0 for
 * email) of `userId`, newest first, each with its attempts.
 */
export function listTargetDeliveries(userId: number, channel: DeliveryChannel, targetId: number, limit: number): DeliveryLogEntry[] {
  const jobs = getDb()
    .select()
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.userId, userId), eq(deliveryJobs.channel, channel), eq(deliveryJobs.targetId, targetId)))
    .orderBy(desc(deliveryJobs.createdAt), desc(deliveryJobs.id))
    .limit(limit)
    .all();
  if (jobs.length === 0) return [];
  const attempts = getDb()
    .select()
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.jobId, jobs.map((job) => job.id)))
    .orderBy(desc(deliveryAttempts.attemptedAt), desc(deliveryAttempts.id))
    .all();
  return jobs.map((job) => ({ job, attempts: attempts.filter((a) => a.jobId === job.id) }));
}

/** The job `jobId`, or undefined. */
export function getJob(jobId: number): DeliveryJob | undefined {
  return getDb().select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId)).get();
}

// ---------------------------------------------------------------------------
// The operators' dashboard (/admin/deliveries)

/** How far back the dashboard counts jobs (ms): 24 hours. */
export const DASHBOARD_WINDOW_MS = 24 * 3_600_000;

/**
 * Every channel's jobs created in the 24 hours before `now` (DASHBOARD_WINDOW_MS):
 * sent, queued (not yet attempted), retrying (failed before) and dead counts, and the
 * publish-to-delivery latency p50/p99 of sent ledger jobs (the event's
 * `recordedAt` to the job's `sentAt`, `summarizeChannel`).
 * @returns one row per channel of DELIVERY_CHANNELS, in that order (zero counts included).
 */
export function summarizeDeliveries(now: Date): ChannelSummary[] {
  const rows = getDb()
    .select({ channel: deliveryJobs.channel, status: deliveryJobs.status, attempts: deliveryJobs.attempts, sentAt: deliveryJobs.sentAt, publishedAt: signalEvents.recordedAt })
    .from(deliveryJobs)
    .leftJoin(signalEvents, eq(signalEvents.seq, deliveryJobs.seq))
    .where(gte(deliveryJobs.createdAt, new Date(now.getTime() - DASHBOARD_WINDOW_MS)))
    .all();
  return DELIVERY_CHANNELS.map((channel) => summarizeChannel(channel, rows.filter((row) => row.channel === channel)));
}

/** A dead job as the dashboard lists it. */
export interface DeadJob {
  id: number;
  channel: DeliveryChannel;
  eventType: string;
  seq: number | null;
  signalId: number | null;
  userEmail: string;
  attempts: number;
  lastError: string | null;
  lastStatusCode: number | null;
  createdAt: Date;
}

/** The newest `limit` dead jobs (any age), newest first, with their recipient's email. */
export function listDeadJobs(limit: number): DeadJob[] {
  return getDb()
    .select({
      id: deliveryJobs.id,
      channel: deliveryJobs.channel,
      eventType: deliveryJobs.eventType,
      seq: deliveryJobs.seq,
      signalId: deliveryJobs.signalId,
      userEmail: users.email,
      attempts: deliveryJobs.attempts,
      lastError: deliveryJobs.lastError,
      lastStatusCode: deliveryJobs.lastStatusCode,
      createdAt: deliveryJobs.createdAt,
    })
    .from(deliveryJobs)
    .innerJoin(users, eq(users.id, deliveryJobs.userId))
    .where(eq(deliveryJobs.status, "dead"))
    .orderBy(desc(deliveryJobs.createdAt), desc(deliveryJobs.id))
    .limit(limit)
    .all();
}

/**
 * An operator's "Retry" of dead job `jobId`: queued again, due at `now`, with
 * its attempts reset to 0 (a fresh retry schedule); it keeps its id, so a
 * webhook keeps its `webhook-id`. Wakes this process's worker.
 * @returns false when there is no such job or it is not dead.
 */
export function retryDeadJob(jobId: number, now: Date): boolean {
  const result = getDb()
    .update(deliveryJobs)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now, sentAt: null, leaseOwner: null, leaseUntil: null })
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.status, "dead")))
    .run();
  if (result.changes > 0) wakeWorkers();
  return result.changes > 0;
}

// ---------------------------------------------------------------------------
// Targets held by per-target order (docs/decisions/0108-held-behind-and-skip.md)

/** A target whose later events wait behind an undelivered earlier one. */
export interface HeldTarget {
  userId: number;
  userEmail: string;
  channel: DeliveryChannel;
  targetId: number;
  /** The job holding the others, its ledger seq (event N) and since when (its event's enqueue time). */
  jobId: number;
  seq: number;
  since: Date;
  /** Later jobs of the target waiting behind it. */
  waiting: number;
  lastError: string | null;
}

const HELD_SQL = sql`
  SELECT b.id AS jobId, b.user_id AS userId, u.email AS userEmail, b.channel AS channel, b.target_id AS targetId, b.seq AS seq,
         b.created_at AS since, b.last_error AS lastError,
         (SELECT COUNT(*) FROM delivery_jobs w
          WHERE w.user_id = b.user_id AND w.channel = b.channel AND w.target_id = b.target_id AND w.seq > b.seq AND w.status = 'queued') AS waiting
  FROM delivery_jobs b JOIN users u ON u.id = b.user_id
  WHERE b.seq IS NOT NULL AND b.status IN ('retrying', 'sending') AND b.attempts > 0
    AND NOT EXISTS (SELECT 1 FROM delivery_jobs e WHERE e.user_id = b.user_id AND e.channel = b.channel AND e.target_id = b.target_id
                    AND e.seq < b.seq AND e.status NOT IN ('sent', 'dead'))
    AND EXISTS (SELECT 1 FROM delivery_jobs w WHERE w.user_id = b.user_id AND w.channel = b.channel AND w.target_id = b.target_id
                AND w.seq > b.seq AND w.status = 'queued')`;

function toHeld(row: Record<string, unknown>): HeldTarget {
  return {
    userId: Number(row.userId),
    userEmail: String(row.userEmail),
    channel: row.channel as DeliveryChannel,
    targetId: Number(row.targetId),
    jobId: Number(row.jobId),
    seq: Number(row.seq),
    since: new Date(Number(row.since)),
    waiting: Number(row.waiting),
    lastError: row.lastError === null ? null : String(row.lastError),
  };
}

/**
 * Where per-target order holds events back: the oldest undelivered ledger job
 * of a target that has failed at least once while later jobs of the target
 * wait behind it ("held behind event N since T").
 * @param target one user's target, or every target (the operators' dashboard), newest blockers first, at most `limit`.
 */
export function listHeldTargets(target: { userId: number; channel: DeliveryChannel; targetId: number } | null, limit = 50): HeldTarget[] {
  const filter = target ? sql` AND b.user_id = ${target.userId} AND b.channel = ${target.channel} AND b.target_id = ${target.targetId}` : sql``;
  return getDb()
    .all<Record<string, unknown>>(sql`${HELD_SQL}${filter} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`)
    .map(toHeld);
}

/**
 * The subscriber's "Skip" of job `jobId` of `userId` that holds later events
 * back: it is marked dead ("Skipped by the subscriber", kept in the log and
 * redeliverable) and the jobs behind it go out. Wakes this process's worker.
 * @returns false when the job is not the user's, or is sent, dead or being sent right now.
 */
export function skipJob(userId: number, jobId: number, now: Date): boolean {
  const result = getDb()
    .update(deliveryJobs)
    .set({ status: "dead", lastError: `Skipped by the subscriber at ${now.toISOString()}`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.userId, userId), inArray(deliveryJobs.status, ["queued", "retrying"])))
    .run();
  if (result.changes > 0) wakeWorkers();
  return result.changes > 0;
}
