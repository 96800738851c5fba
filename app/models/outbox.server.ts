/**
 * The delivery outbox (`delivery_jobs`, `delivery_attempts`;
 * docs/decisions/0044-delivery-outbox.md): jobs are enqueued inside the
 * ledger transaction that appends their event, claimed by workers with a
 * lease in one UPDATE … RETURNING, and finished with their attempt recorded.
 */
import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Statement } from "better-sqlite3";
import type { Db } from "../../db/connection";
import {
  DELIVERY_CHANNELS,
  deliveryAttempts,
  deliveryJobs,
  pushSubscriptions,
  signalEvents,
  signals,
  strategies,
  strategyAccess,
  subscriptions,
  telegramLinks,
  userSettings,
  users,
  webhookEndpoints,
  type DeliveryAttempt,
  type DeliveryChannel,
  type DeliveryJob,
  type Signal,
} from "../../db/schema";
import { summarizeChannel, type ChannelSummary } from "~/domain/delivery-stats";
import {
  chooseDeliveries,
  deliveryEventType,
  eventId,
  type EventCheckpoint,
  heldJobsRule,
  retryDelay,
  type DeliveryRecipient,
} from "~/domain/delivery";
import { blackoutEnd } from "~/domain/news-blackout";
import { getLedgerRoot } from "~/models/ledger-tree.server";
import { applyEventToMt5Queue } from "~/models/mt5.server";
import { projectedColumns, projectSignal, SIGNAL_EVENT_TYPES, type SignalEvent, type SignalEventType } from "~/domain/signal-lifecycle";
import { getDb } from "~/platform/db.server";
import { releasesAround } from "./news-events.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Queryable = Db | Tx;

const insertStatements = new WeakMap<object, Statement>();
const releaseStatements = new WeakMap<object, HeldStatements>();
interface HeldStatements {
  anyHeld: Statement;
  heldUntil: Statement;
  release: Statement;
}

/**
 * The prepared INSERT of one ledger job on the app's connection (the one the
 * ledger transaction runs on). Prepared once: a publish to thousands of
 * subscribers inserts thousands of rows, and building each through the query
 * builder cost ~0.4 ms a row against ~5 µs prepared (scripts/bench-delivery.ts).
 */
function insertJobStatement(): Statement {
  const client = getDb().$client;
  let statement = insertStatements.get(client);
  if (!statement) {
    statement = client.prepare(
      `INSERT INTO delivery_jobs (seq, signal_id, user_id, channel, target_id, event_type, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)`,
    );
    insertStatements.set(client, statement);
  }
  return statement;
}

/**
 * The statements for jobs held by the news blackout
 * (docs/decisions/0054-news-blackout.md): `anyHeld` finds whether any queued
 * job waits for a later time at all (index `delivery_jobs_due_idx`);
 * `heldUntil` when the held jobs of one target before a seq end; `release`
 * makes them due now.
 */
function heldStatements(): HeldStatements {
  const client = getDb().$client;
  let statements = releaseStatements.get(client);
  if (!statements) {
    statements = {
      anyHeld: client.prepare(`SELECT 1 FROM delivery_jobs WHERE status = 'queued' AND next_attempt_at > ? LIMIT 1`),
      heldUntil: client.prepare(
        `SELECT MAX(next_attempt_at) AS until FROM delivery_jobs
         WHERE user_id = ? AND channel = ? AND target_id = ? AND status = 'queued' AND next_attempt_at > ? AND seq < ?`,
      ),
      release: client.prepare(
        `UPDATE delivery_jobs SET next_attempt_at = ?
         WHERE user_id = ? AND channel = ? AND target_id = ? AND status = 'queued' AND next_attempt_at > ? AND seq < ?`,
      ),
    };
    releaseStatements.set(client, statements);
  }
  return statements;
}

// ---------------------------------------------------------------------------
// Waking workers of this process

interface WakeRegistry {
  listeners: Set<() => void>;
}
const registryKey = Symbol.for("fx-trader.delivery-wake");
const registry: WakeRegistry = ((globalThis as Record<symbol, unknown>)[registryKey] as WakeRegistry | undefined) ?? { listeners: new Set() };
(globalThis as Record<symbol, unknown>)[registryKey] = registry;

/**
 * Calls `listener` (on a later tick) whenever jobs are enqueued in this
 * process, so an in-process worker starts at once instead of at its next poll.
 * Shared through `globalThis`, because the server and the Remix build load
 * their own copies of this module.
 * @returns a function that removes the listener.
 */
export function onJobsEnqueued(listener: () => void): () => void {
  registry.listeners.add(listener);
  return () => registry.listeners.delete(listener);
}

function wakeWorkers(): void {
  for (const listener of registry.listeners) setImmediate(listener);
}

// ---------------------------------------------------------------------------
// Enqueueing

/** The followers of strategy `strategyId` with what `chooseDeliveries` needs, in five queries. */
function recipientsOf(tx: Queryable, strategyId: number): DeliveryRecipient[] {
  const followers = sql`(SELECT ${strategyAccess.userId} FROM ${strategyAccess} WHERE ${strategyAccess.strategyId} = ${strategyId})`;
  const rows = tx
    .select({
      userId: users.id,
      role: users.role,
      plan: subscriptions.plan,
      status: subscriptions.status,
      endDate: subscriptions.endDate,
      emailAlerts: userSettings.emailAlerts,
      telegramAlerts: userSettings.telegramAlerts,
      telegramChatId: telegramLinks.chatId,
      newsBlackout: userSettings.newsBlackout,
      pushAlerts: userSettings.pushAlerts,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
    .where(sql`${users.id} IN ${followers}`)
    .all();
  const picks = new Map<number, number[]>();
  for (const pick of tx
    .select({ userId: strategyAccess.userId, strategyId: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(sql`${strategyAccess.userId} IN ${followers}`)
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all()) {
    picks.set(pick.userId, [...(picks.get(pick.userId) ?? []), pick.strategyId]);
  }
  const hooks = new Map<number, { id: number; eventTypes: string[] }[]>();
  for (const hook of tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.userId} IN ${followers}`))
    .orderBy(asc(webhookEndpoints.id))
    .all()) {
    hooks.set(hook.userId, [...(hooks.get(hook.userId) ?? []), { id: hook.id, eventTypes: JSON.parse(hook.eventTypes) as string[] }]);
  }
  const pushes = new Map<number, number[]>();
  for (const sub of tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.userId} IN ${followers}`)
    .orderBy(asc(pushSubscriptions.id))
    .all()) {
    pushes.set(sub.userId, [...(pushes.get(sub.userId) ?? []), sub.id]);
  }
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role,
    subscription: row.plan && row.status && row.endDate ? { plan: row.plan, status: row.status, endDate: row.endDate } : null,
    chosenStrategyIds: picks.get(row.userId) ?? [],
    emailAlerts: row.emailAlerts ?? true,
    newsBlackout: row.newsBlackout ?? true,
    webhooks: hooks.get(row.userId) ?? [],
    telegramAlerts: row.telegramAlerts ?? false,
    telegramLinked: row.telegramChatId !== null,
    pushAlerts: row.pushAlerts ?? false,
    pushSubscriptionIds: pushes.get(row.userId) ?? [],
  }));
}

/**
 * Enqueues the delivery jobs of one ledger event inside the transaction `tx`
 * that appended it (the transactional outbox; `tx` must be a transaction of
 * the app's connection, `getDb()`, as every ledger write is): one job per entitled follower
 * of the signal's strategy and channel (`chooseDeliveries`), due at once,
 * except alerts of a new signal the news blackout holds until its window ends
 * (the calendar read with `releasesAround`); a job due at once behind held
 * jobs of its target releases them (an urgent event) or joins them (another
 * new signal), as `heldJobsRule` says. The MT5 queue follows the event in the
 * same transaction (`applyEventToMt5Queue`: auto-send of a new signal, a new
 * version of a queued one).
 * @param event the appended ledger row: `seq`, `signalId`, `type` (a lifecycle event type) and `recordedAt`.
 * @returns how many jobs were enqueued.
 */
export function enqueueDeliveries(tx: Tx, event: { seq: number; signalId: number; type: string; recordedAt: Date }): number {
  if (!(SIGNAL_EVENT_TYPES as readonly string[]).includes(event.type)) return 0;
  applyEventToMt5Queue(tx, event);
  const signal = tx.select({ strategyId: signals.strategyId, symbol: signals.symbol }).from(signals).where(eq(signals.id, event.signalId)).get();
  if (!signal) return 0;
  const targets = chooseDeliveries({
    eventType: event.type as SignalEventType,
    strategyId: signal.strategyId,
    recipients: recipientsOf(tx, signal.strategyId),
    allStrategyIds: tx.select({ id: strategies.id }).from(strategies).all().map((row) => row.id),
    now: event.recordedAt,
    blackoutEnd: event.type === "published" ? blackoutEnd(releasesAround(event.recordedAt, tx), signal.symbol, event.recordedAt) : null,
  });
  const eventType = deliveryEventType(event.type as SignalEventType);
  const insert = insertJobStatement();
  const at = event.recordedAt.getTime();
  const held = heldStatements();
  const anyHeld = held.anyHeld.get(at) !== undefined;
  const rule = heldJobsRule(event.type as SignalEventType);
  for (const target of targets) {
    let due = target.notBefore?.getTime() ?? at;
    // Per-target order makes a job due now wait behind held ones: an urgent event releases them, a new signal joins them.
    if (anyHeld && !target.notBefore) {
      if (rule === "release") held.release.run(at, target.userId, target.channel, target.targetId, at, event.seq);
      else due = (held.heldUntil.get(target.userId, target.channel, target.targetId, at, event.seq) as { until: number | null }).until ?? at;
    }
    insert.run(event.seq, event.signalId, target.userId, target.channel, target.targetId, eventType, due, at);
  }
  if (targets.length > 0) wakeWorkers();
  return targets.length;
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
  return { eventId: eventId(seq), seq, hash: event.hash, type: event.type as SignalEventType, occurredAt: event.occurredAt, signal, checkpoint };
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
// Claiming and finishing

/**
 * Claims up to `limit` due jobs for worker `owner` until `now + leaseMs`, in
 * one IMMEDIATE transaction running one UPDATE … RETURNING, so two workers
 * (threads or processes) never hold the same job. Due: queued or retrying
 * with `nextAttemptAt <= now`, or sending with an expired lease (its worker
 * died). A job is not claimed while an earlier `seq` for the same user,
 * channel and target is neither sent nor dead (per-target order).
 * Each claimed job's `attempts` is incremented (the attempt it starts).
 * @returns the claimed jobs, oldest due first.
 */
export function claimDueJobs(owner: string, now: Date, leaseMs: number, limit: number, db: Db = getDb()): DeliveryJob[] {
  const at = now.getTime();
  return db.transaction(
    (tx) => {
      const rows = tx.all<Record<string, unknown>>(sql`
        UPDATE delivery_jobs
        SET status = 'sending', lease_owner = ${owner}, lease_until = ${at + leaseMs}, attempts = attempts + 1
        WHERE id IN (
          SELECT j.id FROM delivery_jobs j
          WHERE ((j.status IN ('queued', 'retrying') AND j.next_attempt_at <= ${at})
                 OR (j.status = 'sending' AND j.lease_until < ${at}))
            AND (j.seq IS NULL OR NOT EXISTS (
              SELECT 1 FROM delivery_jobs e
              WHERE e.user_id = j.user_id AND e.channel = j.channel AND e.target_id = j.target_id
                AND e.seq < j.seq AND e.status NOT IN ('sent', 'dead')))
          ORDER BY j.next_attempt_at, j.id
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
  job: DeliveryJob;
  ok: boolean;
  /** True when retrying cannot help (the target is gone or disabled): the job dies now. */
  permanent?: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** When the attempt started. */
  attemptedAt: Date;
}

const finishCache = new WeakMap<object, { update: Statement; insert: Statement }>();

/** The two prepared statements `finishJobs` runs per job (prepared once per connection: the worker runs them thousands of times a minute). */
function finishStatements(db: Db): { update: Statement; insert: Statement } {
  let statements = finishCache.get(db.$client);
  if (!statements) {
    statements = {
      update: db.$client.prepare(
        `UPDATE delivery_jobs SET status = ?, lease_owner = NULL, lease_until = NULL, next_attempt_at = ?, sent_at = ?, last_error = ?, last_status_code = ?
         WHERE id = ? AND lease_owner = ? AND status = 'sending'`,
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

/**
 * Records attempts and moves their jobs on, in one transaction: a success is
 * `sent`; a failure is `retrying` at `now + retryDelay(attempts)`, or `dead`
 * after MAX_ATTEMPTS or when permanent. Only jobs still leased by `owner` are
 * changed (a job whose lease expired and was taken over is left to its new owner).
 * @returns the outcomes whose jobs were updated.
 */
export function finishJobs(owner: string, outcomes: readonly AttemptOutcome[], now: Date, db: Db = getDb()): AttemptOutcome[] {
  const { update, insert } = finishStatements(db);
  return db.transaction(
    () => {
      const done: AttemptOutcome[] = [];
      for (const outcome of outcomes) {
        const { job } = outcome;
        const delay = outcome.ok || outcome.permanent ? null : retryDelay(job.attempts);
        const status = outcome.ok ? "sent" : delay === null ? "dead" : "retrying";
        const lastError = outcome.ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, EXCERPT_CHARS);
        const nextAttemptAt = delay === null ? job.nextAttemptAt.getTime() : now.getTime() + delay;
        const updated = update.run(status, nextAttemptAt, outcome.ok ? now.getTime() : null, lastError, outcome.statusCode, job.id, owner);
        if (updated.changes === 0) continue;
        insert.run(
          job.id,
          job.attempts,
          outcome.attemptedAt.getTime(),
          outcome.statusCode,
          Math.round(outcome.latencyMs),
          outcome.responseExcerpt?.slice(0, EXCERPT_CHARS) ?? null,
          outcome.error?.slice(0, EXCERPT_CHARS) ?? null,
        );
        done.push(outcome);
      }
      return done;
    },
    { behavior: "immediate" },
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
 * sent, retrying (queued, sending or waiting) and dead counts, and the
 * publish-to-delivery latency p50/p99 of sent ledger jobs (the event's
 * `recordedAt` to the job's `sentAt`, `summarizeChannel`).
 * @returns one row per channel of DELIVERY_CHANNELS, in that order (zero counts included).
 */
export function summarizeDeliveries(now: Date): ChannelSummary[] {
  const rows = getDb()
    .select({ channel: deliveryJobs.channel, status: deliveryJobs.status, sentAt: deliveryJobs.sentAt, publishedAt: signalEvents.recordedAt })
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
