/**
 * The MT5 queue (docs/decisions/0052-mt5-auto-send-and-acks.md): signals a
 * user sent to MetaTrader 5, by hand ("Send to MT5") or by a strategy's
 * auto-send. An Expert Advisor polls `GET /api/mt5/queue?after=<cursor>` with
 * the user's API key and acknowledges what it placed with `POST /api/mt5/ack`.
 * Each entry carries a version, bumped by every later ledger event of its
 * signal; an entry is offered until its current version is acknowledged
 * (again after 60 s when unacknowledged), never after.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { mt5Queue, signals, strategies, strategyAccess, subscriptions, users } from "../../db/schema";
import { chooseMt5AutoQueue, isMt5EntryDue, nextMt5Cursor, type Mt5AutoSendFollower } from "~/domain/mt5";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import { hasChannel } from "~/domain/entitlements";
import { getEntitlements } from "~/models/subscriptions.server";
import { getUserById, toPublicUser, type PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type QueueResult = "queued" | "already-queued" | "not-found" | "not-allowed";

/**
 * Queues signal `signalId` for `user`'s Expert Advisor.
 * @returns "not-found" for an unknown signal; "not-allowed" unless the signal is
 *   ACTIVE, `user` is entitled to its strategy (admins are entitled to all) and
 *   their plan includes the MT5 order queue (`planFeatures`);
 *   "already-queued" when it was queued before (each signal reaches MT5 once);
 *   else "queued".
 */
export function queueSignalForMt5(user: PublicUser, signalId: number, now = new Date()): QueueResult {
  const db = getDb();
  const signal = Number.isSafeInteger(signalId)
    ? db.select({ status: signals.status, strategyId: signals.strategyId }).from(signals).where(eq(signals.id, signalId)).get()
    : undefined;
  if (!signal) return "not-found";
  if (signal.status !== "ACTIVE") return "not-allowed";
  if (user.role !== "admin") {
    const entitlements = getEntitlements(user, now);
    if (!entitlements.strategyIds.includes(signal.strategyId) || !hasChannel(entitlements.features, "mt5")) return "not-allowed";
  }
  const inserted = db
    .insert(mt5Queue)
    .values({ userId: user.id, signalId, createdAt: now, changedAt: now })
    .onConflictDoNothing({ target: [mt5Queue.userId, mt5Queue.signalId] })
    .run();
  return inserted.changes > 0 ? "queued" : "already-queued";
}

/** When `userId` queued each signal they sent to MT5: signal id → ISO 8601 UTC time. */
export function listQueuedAt(userId: number): Record<number, string> {
  const rows = getDb()
    .select({ signalId: mt5Queue.signalId, createdAt: mt5Queue.createdAt })
    .from(mt5Queue)
    .where(eq(mt5Queue.userId, userId))
    .all();
  return Object.fromEntries(rows.map((row) => [row.signalId, row.createdAt.toISOString()]));
}

/**
 * Inside the ledger transaction `tx` that appended `event` (called by the
 * outbox's `enqueueDeliveries`): a `published` ACTIVE or PENDING signal is
 * queued for every follower of its strategy with auto-send on who is entitled
 * to it (`chooseMt5AutoQueue`); any other event of a signal bumps the version
 * of its queue entries, so each Expert Advisor is offered the new state.
 * @param event the appended ledger row: `signalId`, `type` and `recordedAt`.
 * @returns how many entries were queued or changed.
 */
export function applyEventToMt5Queue(tx: Tx, event: { signalId: number; type: string; recordedAt: Date }): number {
  const at = event.recordedAt;
  if (event.type !== "published") {
    return tx
      .update(mt5Queue)
      .set({ version: sql`${mt5Queue.version} + 1`, changedAt: at })
      .where(eq(mt5Queue.signalId, event.signalId))
      .run().changes;
  }
  const signal = tx.select({ status: signals.status, strategyId: signals.strategyId }).from(signals).where(eq(signals.id, event.signalId)).get();
  if (!signal) return 0;
  const userIds = chooseMt5AutoQueue({
    eventType: event.type,
    signalStatus: signal.status,
    strategyId: signal.strategyId,
    followers: autoSendFollowers(tx, signal.strategyId),
    allStrategyIds: tx.select({ id: strategies.id }).from(strategies).all().map((row) => row.id),
    now: at,
  });
  if (userIds.length === 0) return 0;
  return tx
    .insert(mt5Queue)
    .values(userIds.map((userId) => ({ userId, signalId: event.signalId, createdAt: at, changedAt: at, auto: true })))
    .onConflictDoNothing({ target: [mt5Queue.userId, mt5Queue.signalId] })
    .run().changes;
}

/** The followers of `strategyId` with its auto-send on, with their subscription and picks. */
function autoSendFollowers(tx: Tx, strategyId: number): Mt5AutoSendFollower[] {
  const rows = tx
    .select({ userId: users.id, role: users.role, plan: subscriptions.plan, status: subscriptions.status, endDate: subscriptions.endDate, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, pendingPlan: subscriptions.pendingPlan })
    .from(strategyAccess)
    .innerJoin(users, eq(users.id, strategyAccess.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(strategyAccess.strategyId, strategyId), eq(strategyAccess.mt5AutoSend, true)))
    .all();
  if (rows.length === 0) return [];
  const picks = tx
    .select({ userId: strategyAccess.userId, strategyId: strategyAccess.strategyId, autoSend: strategyAccess.mt5AutoSend })
    .from(strategyAccess)
    .where(inArray(strategyAccess.userId, rows.map((row) => row.userId)))
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all();
  return rows.map((row) => {
    const own = picks.filter((pick) => pick.userId === row.userId);
    return {
      userId: row.userId,
      role: row.role,
      subscription: row.plan && row.status && row.endDate ? { plan: row.plan, status: row.status, endDate: row.endDate, cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false, pendingPlan: row.pendingPlan ?? null } : null,
      chosenStrategyIds: own.map((pick) => pick.strategyId),
      autoSendStrategyIds: own.filter((pick) => pick.autoSend).map((pick) => pick.strategyId),
    };
  });
}

/**
 * Turns "Auto-send to MT5" on or off for a strategy `userId` follows.
 * @returns false when the user does not follow `strategyId` (nothing changed).
 */
export function setMt5AutoSend(userId: number, strategyId: number, on: boolean): boolean {
  if (!Number.isSafeInteger(strategyId)) return false;
  return (
    getDb()
      .update(strategyAccess)
      .set({ mt5AutoSend: on })
      .where(and(eq(strategyAccess.userId, userId), eq(strategyAccess.strategyId, strategyId)))
      .run().changes > 0
  );
}

/** The strategy ids `userId` follows with auto-send on. */
export function listMt5AutoSend(userId: number): number[] {
  return getDb()
    .select({ strategyId: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(and(eq(strategyAccess.userId, userId), eq(strategyAccess.mt5AutoSend, true)))
    .all()
    .map((row) => row.strategyId);
}

export interface Mt5QueueItem {
  /** Queue entry id; pass the last one seen as `after` to get only newer entries, and acknowledge it with `POST /api/mt5/ack`. */
  id: number;
  /** When the signal was queued (ISO 8601 UTC). */
  queuedAt: string;
  /** 1 when queued, +1 for every later event of the signal (modified, closed…): apply the entry again when it grows. */
  version: number;
  /** When the entry last changed (ISO 8601 UTC). */
  changedAt: string;
  /** True when queued by the strategy's auto-send, false by "Send to MT5". */
  auto: boolean;
  /** Fraction of the position still open after partial closes (1 = all of it); null when the signal is locked. */
  remaining: number | null;
  /** The signal in API shape as it stands now, as the user's entitlements show it today. */
  signal: ApiSignal;
}

export interface Mt5QueuePage {
  items: Mt5QueueItem[];
  /** The highest id offered, or `after` when there is none higher: poll with `?after=nextCursor`. */
  nextCursor: number;
}

/**
 * The user's entries a poll at `now` offers (`isMt5EntryDue`): not acknowledged
 * at their current version, and past `after` (default 0), new or changed since
 * last offered, or offered at least 60 s ago. Oldest first by queue id, at most
 * `limit`; each is recorded as offered (its version, at `now`).
 * @param options.limit page size (the route bounds it to 1..100).
 * @param options.now the poll time (default the clock).
 */
export function listMt5Queue(userId: number, options: { after?: number; limit: number; now?: Date }): Mt5QueuePage {
  const after = options.after ?? 0;
  const now = options.now ?? new Date();
  const db = getDb();
  const candidates = db
    .select({
      id: mt5Queue.id,
      version: mt5Queue.version,
      offeredVersion: mt5Queue.offeredVersion,
      offeredAt: mt5Queue.offeredAt,
      ackedVersion: mt5Queue.ackedVersion,
    })
    .from(mt5Queue)
    .where(and(eq(mt5Queue.userId, userId), sql`(${mt5Queue.ackedVersion} IS NULL OR ${mt5Queue.ackedVersion} < ${mt5Queue.version})`))
    .orderBy(asc(mt5Queue.id))
    .all();
  const due = candidates.filter((entry) => isMt5EntryDue(entry, after, now)).slice(0, options.limit);
  if (due.length === 0) return { items: [], nextCursor: after };
  const ids = due.map((entry) => entry.id);
  const rows = db.transaction((tx) => {
    tx.update(mt5Queue)
      .set({ offeredVersion: sql`${mt5Queue.version}`, offeredAt: now })
      .where(inArray(mt5Queue.id, ids))
      .run();
    return tx
      .select({ entry: mt5Queue, signal: signals })
      .from(mt5Queue)
      .innerJoin(signals, eq(signals.id, mt5Queue.signalId))
      .where(inArray(mt5Queue.id, ids))
      .orderBy(asc(mt5Queue.id))
      .all();
  });
  const user = getUserById(userId);
  const entitled = new Set(getEntitlements(user ? toPublicUser(user) : null, now).strategyIds);
  const items = rows.map(({ entry, signal }) => {
    const shown = toApiSignal(signal, entitled);
    return {
      id: entry.id,
      queuedAt: entry.createdAt.toISOString(),
      version: entry.version,
      changedAt: (entry.changedAt ?? entry.createdAt).toISOString(),
      auto: entry.auto,
      remaining: shown.locked ? null : signal.remaining,
      signal: shown,
    };
  });
  return { items, nextCursor: nextMt5Cursor(after, ids) };
}

/** What `acknowledgeMt5` did with each id it was given. */
export interface Mt5AckResult {
  /** Ids of the caller's entries now acknowledged (at the version last offered), ascending. */
  acknowledged: number[];
  /** Ids that are no entry of the caller's (unknown or another user's), ascending. */
  unknown: number[];
}

/**
 * Acknowledges the user's queue entries `ids` at `now`: each is recorded as
 * applied at the version last offered to the Expert Advisor (its current
 * version when it was never offered), so it is not offered again until its
 * signal changes. Acknowledging again is harmless.
 * @returns the ids acknowledged and the ids that are not the user's entries.
 */
export function acknowledgeMt5(userId: number, ids: readonly number[], now: Date): Mt5AckResult {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return { acknowledged: [], unknown: [] };
  return getDb().transaction((tx) => {
    const own = tx
      .select({ id: mt5Queue.id })
      .from(mt5Queue)
      .where(and(eq(mt5Queue.userId, userId), inArray(mt5Queue.id, unique)))
      .all()
      .map((row) => row.id);
    if (own.length > 0) {
      tx.update(mt5Queue)
        .set({ ackedVersion: sql`COALESCE(${mt5Queue.offeredVersion}, ${mt5Queue.version})`, ackedAt: now })
        .where(inArray(mt5Queue.id, own))
        .run();
    }
    const known = new Set(own);
    return { acknowledged: unique.filter((id) => known.has(id)), unknown: unique.filter((id) => !known.has(id)) };
  });
}
