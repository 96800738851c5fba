/**
 * Fan-out after commit (docs/decisions/0151-fan-out-after-commit.md): the
 * publish transaction writes one `delivery_fanouts` row per channel
 * (`enqueueFanouts`); workers expand each into the per-subscriber
 * `delivery_jobs` (`expandFanoutStep`), a chunk of subscribers per IMMEDIATE
 * transaction. Expansion is idempotent: a chunk's jobs and the cursor move in
 * one transaction, the jobs' unique (seq, user, channel, target) index turns a
 * repeated insert into nothing, and a lease fenced like a job's lets only one
 * worker move a row's cursor. The audience is decided as it was at the event:
 * `chooseDeliveries` with `now` = the event's `recordedAt`.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Statement } from "better-sqlite3";
import type { Db } from "../../db/connection";
import {
  DELIVERY_CHANNELS,
  deliveryFanouts,
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
  type DeliveryFanout,
} from "../../db/schema";
import { chooseDeliveries, deliveryEventType, heldJobsRule, type DeliveryRecipient } from "~/domain/delivery";
import { blackoutEnd } from "~/domain/news-blackout";
import { SIGNAL_EVENT_TYPES, type SignalEventType } from "~/domain/signal-lifecycle";
import { getDb } from "~/platform/db.server";
import { releasesAround } from "./news-events.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Subscribers expanded per transaction: each chunk holds the write lock for a few milliseconds (docs/benchmarks.md, "Delivery"). */
export const FANOUT_CHUNK_USERS = 250;

/**
 * Writes the fan-out rows of one ledger event inside the transaction `tx`
 * that appended it: one per delivery channel, pending, cursor 0.
 * @param event the appended ledger row: `seq`, `signalId`, `type` and `recordedAt`.
 * @returns how many rows were written (0 for an event that is not a signal lifecycle event).
 */
export function enqueueFanouts(tx: Tx, event: { seq: number; signalId: number; type: string; recordedAt: Date }): number {
  if (!(SIGNAL_EVENT_TYPES as readonly string[]).includes(event.type)) return 0;
  return tx
    .insert(deliveryFanouts)
    .values(DELIVERY_CHANNELS.map((channel) => ({ seq: event.seq, signalId: event.signalId, channel, createdAt: event.recordedAt })))
    .onConflictDoNothing()
    .run().changes;
}

/** The followers of `strategyId` with user id above `after`, at most `limit`, in user-id order, with what `chooseDeliveries` needs. */
function recipientsOf(tx: Tx, strategyId: number, after: number, limit: number): DeliveryRecipient[] {
  const ids = tx
    .select({ userId: strategyAccess.userId })
    .from(strategyAccess)
    .where(and(eq(strategyAccess.strategyId, strategyId), sql`${strategyAccess.userId} > ${after}`))
    .orderBy(asc(strategyAccess.userId))
    .limit(limit)
    .all()
    .map((row) => row.userId);
  if (ids.length === 0) return [];
  const first = ids[0]!;
  const last = ids.at(-1)!;
  const inChunk = sql`(SELECT ${strategyAccess.userId} FROM ${strategyAccess} WHERE ${strategyAccess.strategyId} = ${strategyId} AND ${strategyAccess.userId} BETWEEN ${first} AND ${last})`;
  const rows = tx
    .select({
      userId: users.id,
      role: users.role,
      plan: subscriptions.plan,
      status: subscriptions.status,
      endDate: subscriptions.endDate,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      pendingPlan: subscriptions.pendingPlan,
      emailAlerts: userSettings.emailAlerts,
      emailVerifiedAt: users.emailVerifiedAt,
      telegramAlerts: userSettings.telegramAlerts,
      telegramChatId: telegramLinks.chatId,
      newsBlackout: userSettings.newsBlackout,
      pushAlerts: userSettings.pushAlerts,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
    .where(sql`${users.id} IN ${inChunk}`)
    .orderBy(asc(users.id))
    .all();
  const picks = new Map<number, number[]>();
  for (const pick of tx
    .select({ userId: strategyAccess.userId, strategyId: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(sql`${strategyAccess.userId} IN ${inChunk}`)
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all()) {
    picks.set(pick.userId, [...(picks.get(pick.userId) ?? []), pick.strategyId]);
  }
  const hooks = new Map<number, { id: number; eventTypes: string[] }[]>();
  for (const hook of tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.userId} IN ${inChunk}`))
    .orderBy(asc(webhookEndpoints.id))
    .all()) {
    hooks.set(hook.userId, [...(hooks.get(hook.userId) ?? []), { id: hook.id, eventTypes: JSON.parse(hook.eventTypes) as string[] }]);
  }
  const pushes = new Map<number, number[]>();
  for (const sub of tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.userId} IN ${inChunk}`)
    .orderBy(asc(pushSubscriptions.id))
    .all()) {
    pushes.set(sub.userId, [...(pushes.get(sub.userId) ?? []), sub.id]);
  }
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role,
    subscription: row.plan && row.status && row.endDate ? { plan: row.plan, status: row.status, endDate: row.endDate, cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false, pendingPlan: row.pendingPlan ?? null } : null,
    chosenStrategyIds: picks.get(row.userId) ?? [],
    // No signal is emailed to an address its owner has not verified (docs/decisions/0118-verified-email.md).
    emailAlerts: (row.emailAlerts ?? true) && row.emailVerifiedAt !== null,
    newsBlackout: row.newsBlackout ?? true,
    webhooks: hooks.get(row.userId) ?? [],
    telegramAlerts: row.telegramAlerts ?? false,
    telegramLinked: row.telegramChatId !== null,
    pushAlerts: row.pushAlerts ?? false,
    pushSubscriptionIds: pushes.get(row.userId) ?? [],
  }));
}

interface JobStatements {
  insert: Statement;
  anyHeld: Statement;
  heldUntil: Statement;
  release: Statement;
}
const jobStatements = new WeakMap<object, JobStatements>();

/**
 * The statements of one chunk, prepared once per connection: `insert` one job
 * (ignored when the event already has it: a chunk repeated after a crash);
 * for the news blackout (docs/decisions/0054-news-blackout.md) `anyHeld`
 * whether any queued job waits for a later time, `heldUntil` when the held
 * jobs of one target before a seq end, `release` makes them due now.
 */
function statementsOf(db: Db): JobStatements {
  let statements = jobStatements.get(db.$client);
  if (!statements) {
    const client = db.$client;
    statements = {
      insert: client.prepare(
        `INSERT OR IGNORE INTO delivery_jobs (seq, signal_id, user_id, channel, target_id, event_type, status, attempts, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)`,
      ),
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
    jobStatements.set(client, statements);
  }
  return statements;
}

/**
 * Claims for `owner` the next fan-out row that may be expanded: pending, its
 * lease free or expired, and the oldest pending row of its channel (rows of a
 * channel are expanded in ledger order), in one IMMEDIATE UPDATE … RETURNING.
 * @returns the row with its lease (`leaseOwner`, `leaseUntil`: the fencing token), or null when none is due.
 */
function claimFanout(owner: string, now: Date, leaseMs: number, db: Db): DeliveryFanout | null {
  const at = now.getTime();
  const claimed = db.transaction(
    (tx) =>
      tx.all<{ id: number }>(sql`
        UPDATE delivery_fanouts SET lease_owner = ${owner}, lease_until = ${at + leaseMs}
        WHERE id = (
          SELECT f.id FROM delivery_fanouts f
          WHERE f.status = 'pending' AND (f.lease_until IS NULL OR f.lease_until < ${at})
            AND NOT EXISTS (SELECT 1 FROM delivery_fanouts e WHERE e.status = 'pending' AND e.channel = f.channel AND e.seq < f.seq)
          ORDER BY f.seq, f.id LIMIT 1)
        RETURNING id`),
    { behavior: "immediate" },
  );
  const id = claimed[0]?.id;
  return id === undefined ? null : (db.select().from(deliveryFanouts).where(eq(deliveryFanouts.id, Number(id))).get() ?? null);
}

/**
 * Expands the next chunk (`chunkUsers` subscribers after the cursor) of
 * fan-out row `fanout`, held by its lease, in one IMMEDIATE transaction: the
 * jobs of the chunk's entitled subscribers on the row's channel
 * (`chooseDeliveries` at the event's time; due at once, or held by the news
 * blackout, per `heldJobsRule` for targets with held jobs), the cursor moved
 * and the lease renewed to `now + leaseMs`; the row is done when the chunk
 * was the last. Nothing is written when the lease was lost (fencing).
 * @returns the row with its renewed lease, or null when it is done or the lease was lost.
 */
function expandChunk(fanout: DeliveryFanout, now: Date, leaseMs: number, chunkUsers: number, db: Db): DeliveryFanout | null {
  const statements = statementsOf(db);
  return db.transaction(
    (tx) => {
      const held = tx
        .select({ id: deliveryFanouts.id })
        .from(deliveryFanouts)
        .where(
          and(
            eq(deliveryFanouts.id, fanout.id),
            eq(deliveryFanouts.status, "pending"),
            eq(deliveryFanouts.leaseOwner, fanout.leaseOwner ?? ""),
            eq(deliveryFanouts.leaseUntil, fanout.leaseUntil ?? new Date(0)),
          ),
        )
        .get();
      if (!held) return null;
      const event = tx.select({ type: signalEvents.type, recordedAt: signalEvents.recordedAt }).from(signalEvents).where(eq(signalEvents.seq, fanout.seq)).get();
      const signal = tx.select({ strategyId: signals.strategyId, symbol: signals.symbol }).from(signals).where(eq(signals.id, fanout.signalId)).get();
      const recipients = event && signal ? recipientsOf(tx, signal.strategyId, fanout.cursor, chunkUsers) : [];
      let inserted = 0;
      if (event && signal && recipients.length > 0) {
        const type = event.type as SignalEventType;
        const at = event.recordedAt.getTime();
        const targets = chooseDeliveries({
          eventType: type,
          strategyId: signal.strategyId,
          recipients,
          allStrategyIds: tx.select({ id: strategies.id }).from(strategies).all().map((row) => row.id),
          now: event.recordedAt,
          blackoutEnd: type === "published" ? blackoutEnd(releasesAround(event.recordedAt, tx), signal.symbol, event.recordedAt) : null,
        }).filter((target) => target.channel === fanout.channel);
        const anyHeld = targets.length > 0 && statements.anyHeld.get(at) !== undefined;
        const rule = heldJobsRule(type);
        for (const target of targets) {
          let due = target.notBefore?.getTime() ?? at;
          // Per-target order makes a job due now wait behind held ones: an urgent event releases them, a new signal joins them.
          if (anyHeld && !target.notBefore) {
            if (rule === "release") statements.release.run(at, target.userId, target.channel, target.targetId, at, fanout.seq);
            else due = (statements.heldUntil.get(target.userId, target.channel, target.targetId, at, fanout.seq) as { until: number | null }).until ?? at;
          }
          inserted += statements.insert.run(fanout.seq, fanout.signalId, target.userId, target.channel, target.targetId, deliveryEventType(type), due, at).changes;
        }
      }
      const done = recipients.length < chunkUsers;
      const leaseUntil = new Date(now.getTime() + leaseMs);
      tx.update(deliveryFanouts)
        .set(
          done
            ? { status: "done", cursor: recipients.at(-1)?.userId ?? fanout.cursor, jobs: sql`${deliveryFanouts.jobs} + ${inserted}`, leaseOwner: null, leaseUntil: null, expandedAt: now }
            : { cursor: recipients.at(-1)!.userId, jobs: sql`${deliveryFanouts.jobs} + ${inserted}`, leaseUntil },
        )
        .where(eq(deliveryFanouts.id, fanout.id))
        .run();
      return done ? null : { ...fanout, cursor: recipients.at(-1)!.userId, leaseUntil };
    },
    { behavior: "immediate" },
  );
}

/** Where a worker's expansion stands: the row it holds, if any. */
export interface FanoutProgress {
  fanout: DeliveryFanout | null;
}

/**
 * One step of expansion for worker `owner`: continues the row in `progress`
 * (claiming the next due row when it holds none) by one chunk.
 * @param progress the worker's state, updated in place.
 * @param options.leaseMs how long a claim or chunk holds the row; `chunkUsers` subscribers per chunk (default FANOUT_CHUNK_USERS).
 * @returns false when there was nothing to expand.
 */
export function expandFanoutStep(
  owner: string,
  now: Date,
  progress: FanoutProgress,
  options: { leaseMs: number; chunkUsers?: number },
  db: Db = getDb(),
): boolean {
  const fanout = progress.fanout ?? claimFanout(owner, now, options.leaseMs, db);
  if (!fanout) return false;
  progress.fanout = expandChunk(fanout, now, options.leaseMs, options.chunkUsers ?? FANOUT_CHUNK_USERS, db);
  return true;
}

/**
 * Expands every fan-out row that is due, to the end (tests, `runOnce`).
 * @returns the number of chunks run.
 */
export function expandDueFanouts(owner: string, now: Date, options: { leaseMs: number; chunkUsers?: number }, db: Db = getDb()): number {
  const progress: FanoutProgress = { fanout: null };
  let chunks = 0;
  while (expandFanoutStep(owner, now, progress, options, db)) chunks += 1;
  return chunks;
}

/** Gives back the fan-out leases `owner` holds (a worker stopping mid-row), so another worker continues at once. */
export function releaseFanoutLeases(owner: string, db: Db = getDb()): void {
  db.update(deliveryFanouts).set({ leaseOwner: null, leaseUntil: null }).where(and(eq(deliveryFanouts.leaseOwner, owner), eq(deliveryFanouts.status, "pending"))).run();
}

/** How many fan-out rows are still pending (the operators' dashboard). */
export function countPendingFanouts(db: Db = getDb()): number {
  return db.select({ n: sql<number>`COUNT(*)` }).from(deliveryFanouts).where(eq(deliveryFanouts.status, "pending")).get()?.n ?? 0;
}
