/**
 * The MT5 queue: signals a user sent to MetaTrader 5. An Expert Advisor polls
 * `GET /api/mt5/queue?after=<cursor>` with the user's API key and receives the
 * entries in queue-id order, each once, because the cursor is the last id seen.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { mt5Queue, signals } from "../../db/schema";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import { getEntitlements } from "~/models/subscriptions.server";
import { getUserById, toPublicUser, type PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";

export type QueueResult = "queued" | "already-queued" | "not-found" | "not-allowed";

/**
 * Queues signal `signalId` for `user`'s Expert Advisor.
 * @returns "not-found" for an unknown signal; "not-allowed" unless the signal is
 *   ACTIVE and `user` is entitled to its strategy (admins are entitled to all);
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
  if (user.role !== "admin" && !getEntitlements(user, now).strategyIds.includes(signal.strategyId)) return "not-allowed";
  const inserted = db
    .insert(mt5Queue)
    .values({ userId: user.id, signalId, createdAt: now })
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

export interface Mt5QueueItem {
  /** Queue entry id; pass the last one seen as `after` to get only newer entries. */
  id: number;
  /** When the user queued the signal (ISO 8601 UTC). */
  queuedAt: string;
  /** The signal in API shape, as the user's entitlements show it today. */
  signal: ApiSignal;
}

export interface Mt5QueuePage {
  items: Mt5QueueItem[];
  /** The last item's id, or `after` when there are no items: poll with `?after=nextCursor`. */
  nextCursor: number;
}

/**
 * The user's queue entries with id greater than `after` (default 0), oldest first (by queue id).
 * @param options.limit page size (the route bounds it to 1..100).
 */
export function listMt5Queue(userId: number, options: { after?: number; limit: number }): Mt5QueuePage {
  const after = options.after ?? 0;
  const rows = getDb()
    .select({ id: mt5Queue.id, queuedAt: mt5Queue.createdAt, signal: signals })
    .from(mt5Queue)
    .innerJoin(signals, eq(signals.id, mt5Queue.signalId))
    .where(and(eq(mt5Queue.userId, userId), gt(mt5Queue.id, after)))
    .orderBy(asc(mt5Queue.id))
    .limit(options.limit)
    .all();
  if (rows.length === 0) return { items: [], nextCursor: after };
  const user = getUserById(userId);
  const entitled = new Set(getEntitlements(user ? toPublicUser(user) : null).strategyIds);
  const items = rows.map((row) => ({
    id: row.id,
    queuedAt: row.queuedAt.toISOString(),
    signal: toApiSignal(row.signal, entitled),
  }));
  return { items, nextCursor: items[items.length - 1]!.id };
}
