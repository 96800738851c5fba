/**
 * MT5 queue rules (docs/decisions/0052-mt5-auto-send-and-acks.md): which
 * followers a new signal is auto-queued for, and when a queue entry is
 * offered to the Expert Advisor. Pure: no I/O, no clock (callers pass `now`).
 */
import { entitledStrategyIds, hasChannel, planFeatures, type SubscriptionFacts } from "./entitlements";
import type { LifecycleStatus } from "./signal-lifecycle";

/** An entry offered and not acknowledged is offered again on the first poll this long after (ms). */
export const MT5_REDELIVERY_MS = 60_000;

/** Statuses a signal can be queued for MT5 in: an order the EA can still place. */
export const MT5_QUEUEABLE_STATUSES: readonly LifecycleStatus[] = ["ACTIVE", "PENDING"];

/** A follower of a strategy with auto-send on, as the publish transaction sees them. */
export interface Mt5AutoSendFollower {
  userId: number;
  role: "user" | "admin";
  subscription: SubscriptionFacts | null;
  /** Strategy ids the user picked, oldest pick first (the plan limit keeps the first ones). */
  chosenStrategyIds: readonly number[];
  /** Strategy ids whose auto-send toggle is on. */
  autoSendStrategyIds: readonly number[];
}

/**
 * The users a just-published signal is queued for: followers of `strategyId`
 * with its auto-send on who are entitled to it at `now` and whose plan
 * includes the MT5 order queue (entitlements.ts).
 * Nobody when the event is not `published` or the signal is neither ACTIVE nor PENDING.
 * @param allStrategyIds every strategy id in the catalogue (institutional plans and admins see all).
 * @returns user ids, in the order of `followers`.
 */
export function chooseMt5AutoQueue(input: {
  eventType: string;
  signalStatus: LifecycleStatus;
  strategyId: number;
  followers: readonly Mt5AutoSendFollower[];
  allStrategyIds: readonly number[];
  now: Date;
}): number[] {
  if (input.eventType !== "published" || !MT5_QUEUEABLE_STATUSES.includes(input.signalStatus)) return [];
  return input.followers
    .filter((follower) => follower.autoSendStrategyIds.includes(input.strategyId))
    .filter((follower) => hasChannel(planFeatures({ role: follower.role, subscription: follower.subscription, now: input.now }), "mt5"))
    .filter((follower) =>
      entitledStrategyIds({
        role: follower.role,
        subscription: follower.subscription,
        chosenStrategyIds: follower.chosenStrategyIds,
        allStrategyIds: input.allStrategyIds,
        now: input.now,
      }).includes(input.strategyId),
    )
    .map((follower) => follower.userId);
}

/** A queue entry's delivery state, as `isMt5EntryDue` reads it. */
export interface Mt5EntryState {
  id: number;
  /** 1 when queued, +1 for every later event of its signal. */
  version: number;
  /** The version last offered by a poll (null: never), and when. */
  offeredVersion: number | null;
  offeredAt: Date | null;
  /** The version acknowledged (null: none). */
  ackedVersion: number | null;
}

/**
 * Whether a poll at `now` with cursor `after` offers this entry: never when
 * its current version was acknowledged; otherwise when it is past the cursor,
 * when its current version was never offered (new, or changed since), or when
 * it was offered at least MT5_REDELIVERY_MS (60 s) ago without an acknowledgement.
 */
export function isMt5EntryDue(entry: Mt5EntryState, after: number, now: Date): boolean {
  if (entry.ackedVersion !== null && entry.ackedVersion >= entry.version) return false;
  if (entry.id > after) return true;
  if (entry.offeredVersion === null || entry.offeredAt === null || entry.offeredVersion < entry.version) return true;
  return now.getTime() - entry.offeredAt.getTime() >= MT5_REDELIVERY_MS;
}

/**
 * The cursor a poll answers with: the highest entry id offered, never below `after`.
 * @param offeredIds ids of the entries offered by this poll.
 */
export function nextMt5Cursor(after: number, offeredIds: readonly number[]): number {
  return offeredIds.reduce((max, id) => Math.max(max, id), after);
}
