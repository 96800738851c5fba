/**
 * Subscriptions, chosen strategies and the entitlements they grant; the
 * subscription lifecycle (plan changes, pause, resume, cancel, the scheduled
 * renewal at period end) and its billing records (docs/decisions/subscriptions-and-billing.md).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  billingRecords,
  strategies,
  strategyAccess,
  subscriptions,
  type PlanId,
  type Subscription,
} from "../../db/schema";
import type { Db } from "../../db/connection";
import { entitledStrategyIds, isSubscriptionLive, planFeatures, type PlanFeatures } from "~/domain/entitlements";
import { FREE_PLAN_LABEL, PLAN_RULES, TRIAL_DAYS, TRIAL_PLAN } from "~/content/plans";
import * as lifecycle from "~/domain/subscription-lifecycle";
import type { BillingEntry, LifecycleError, SubscriptionState } from "~/domain/subscription-lifecycle";
import type { UnlockFacts } from "~/domain/unlock";
import type { ViewerFacts } from "~/domain/calls-to-action";
import type { PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The three queries every `getEntitlements` runs (once per request of a signed-in viewer), prepared once. */
const subscriptionQuery = preparedQuery((db) =>
  db.select().from(subscriptions).where(eq(subscriptions.userId, sql.placeholder("userId"))).prepare(),
);
const chosenStrategyIdsQuery = preparedQuery((db) =>
  db
    .select({ id: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(eq(strategyAccess.userId, sql.placeholder("userId")))
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .prepare(),
);
/** The active strategies' ids, which every locked signal's call to action needs (`getUnlockFacts`). */
const activeStrategyIdsQuery = preparedQuery((db) => db.select({ id: strategies.id }).from(strategies).where(eq(strategies.isActive, true)).prepare());
const allStrategyIdsQuery = preparedQuery((db) => db.select({ id: strategies.id }).from(strategies).orderBy(asc(strategies.id)).prepare());

/** The user's subscription row (whatever its status), or undefined on the Free tier. */
export function getSubscription(userId: number): Subscription | undefined {
  return subscriptionQuery().get({ userId });
}

/** The features (`planFeatures`) user `userId` with role `role` has at `now`: one query, for doors that need no strategy list. */
export function getPlanFeatures(userId: number, role: "user" | "admin", now = new Date()): PlanFeatures {
  return planFeatures({ role, subscription: getSubscription(userId), now });
}

/** Strategy ids the user picked, oldest pick first. */
export function getChosenStrategyIds(userId: number): number[] {
  return chosenStrategyIdsQuery()
    .all({ userId })
    .map((row) => row.id);
}

function allStrategyIds(): number[] {
  return allStrategyIdsQuery()
    .all()
    .map((row) => row.id);
}

export interface Entitlements {
  /** The subscription as the API shows it, or null on the Free tier. */
  subscription: {
    planName: string;
    status: string;
    startDate: string;
    endDate: string;
    cancelAtPeriodEnd: boolean;
    live: boolean;
  } | null;
  /** Plan label for display: the plan's name, or 'Free'. */
  planLabel: string;
  /** Strategy ids whose live signals the viewer sees in full. */
  strategyIds: number[];
  /** Channels, API quota and support level of the plan in force (`planFeatures`). */
  features: PlanFeatures;
}

/**
 * Entitlements of `user` (null: a signed-out visitor, who has none) at `now`,
 * from `entitledStrategyIds` (app/domain/entitlements.ts). A read: it writes
 * nothing. A period that ended with its renewal due still counts, and is
 * shown as renewed (`currentSubscription`); `renewDueSubscriptions` writes the renewal.
 */
export function getEntitlements(user: PublicUser | null, now = new Date()): Entitlements {
  if (!user) return { subscription: null, planLabel: FREE_PLAN_LABEL, strategyIds: [], features: planFeatures({ role: "user", subscription: null, now }) };
  const stored = getSubscription(user.id);
  const features = planFeatures({ role: user.role, subscription: stored, now });
  const sub = currentSubscription(stored, now);
  const ids = entitledStrategyIds({
    role: user.role,
    subscription: stored,
    chosenStrategyIds: sub ? getChosenStrategyIds(user.id) : [],
    allStrategyIds: allStrategyIds(),
    now,
  });
  if (!sub) return { subscription: null, planLabel: FREE_PLAN_LABEL, strategyIds: ids, features };
  return {
    subscription: {
      planName: PLAN_RULES[sub.plan].name,
      status: sub.status,
      startDate: sub.startDate.toISOString(),
      endDate: sub.endDate.toISOString(),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      live: isSubscriptionLive(sub, now),
    },
    planLabel: PLAN_RULES[sub.plan].name,
    strategyIds: ids,
    features,
  };
}

/**
 * What the calls to action (app/domain/calls-to-action.ts) need to know about
 * `user` (null: a visitor) at `now`: admin or member, the subscription as it
 * stands, the strategies seen in full, and the unlock facts.
 */
export function getViewerFacts(user: PublicUser | null, now = new Date()): ViewerFacts {
  if (!user) return { viewer: "visitor" };
  const unlock = getUnlockFacts(user, now);
  if (user.role === "admin") return { viewer: "admin", unlock };
  const stored = getSubscription(user.id);
  const sub = currentSubscription(stored, now);
  return {
    viewer: "member",
    subscription: sub ? { plan: sub.plan, status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, live: isSubscriptionLive(sub, now) } : null,
    entitledStrategyIds: getEntitlements(user, now).strategyIds,
    unlock,
  };
}

/**
 * What `unlockAction` (app/domain/unlock.ts) needs to know about `user`
 * (null: a visitor): the live plan (null without one; admins count as a plan
 * with no strategy limit), the picks and the active strategies.
 */
export function getUnlockFacts(user: PublicUser | null, now = new Date()): UnlockFacts {
  if (!user) return { viewer: "visitor" };
  const sub = currentSubscription(getSubscription(user.id), now);
  const live = user.role === "admin" || isSubscriptionLive(sub, now);
  const followable = activeStrategyIdsQuery()
    .all()
    .map((row) => row.id);
  return {
    viewer: "member",
    plan: !live ? null : { strategyLimit: user.role === "admin" ? null : PLAN_RULES[sub!.plan].strategyLimit },
    chosenStrategyIds: getChosenStrategyIds(user.id),
    followableStrategyIds: followable,
  };
}

/**
 * Starts the signup trial inside transaction `tx`: a TRIAL subscription on the
 * trial plan for TRIAL_DAYS, following the first active strategies up to that plan's limit.
 */
export function startTrial(tx: Tx, userId: number, now = new Date()): void {
  const endDate = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  tx.insert(subscriptions).values({ userId, plan: TRIAL_PLAN, status: "TRIAL", startDate: now, endDate, createdAt: now }).run();
  tx.insert(billingRecords)
    .values({
      userId,
      event: "trial_started",
      plan: TRIAL_PLAN,
      amountCents: 0,
      description: `${PLAN_RULES[TRIAL_PLAN].name} plan — ${TRIAL_DAYS}-day free trial`,
      createdAt: now,
    })
    .run();
  const limit = PLAN_RULES[TRIAL_PLAN].strategyLimit ?? Number.MAX_SAFE_INTEGER;
  const active = tx
    .select({ id: strategies.id })
    .from(strategies)
    .where(eq(strategies.isActive, true))
    .orderBy(asc(strategies.id))
    .limit(limit)
    .all();
  active.forEach((strategy, index) => {
    tx.insert(strategyAccess)
      .values({ userId, strategyId: strategy.id, createdAt: new Date(now.getTime() + index) })
      .run();
  });
}

// ---------------------------------------------------------------------------
// Lifecycle

function toState(sub: Subscription): SubscriptionState {
  return {
    plan: sub.plan,
    status: sub.status,
    startDate: sub.startDate,
    endDate: sub.endDate,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    pendingPlan: sub.pendingPlan,
  };
}

function insertBilling(tx: Tx, userId: number, entries: readonly BillingEntry[]): void {
  for (const entry of entries) {
    tx.insert(billingRecords)
      .values({
        userId,
        event: entry.event,
        plan: entry.plan,
        amountCents: entry.amountCents,
        description: entry.description,
        createdAt: entry.at,
      })
      .run();
  }
}

/** Writes `state` as the user's subscription row (inserting it when missing) and returns the row. */
function writeSubscription(tx: Tx, userId: number, state: SubscriptionState, now: Date): Subscription {
  return tx
    .insert(subscriptions)
    .values({ userId, ...state, createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...state } })
    .returning()
    .get();
}

function picksInTx(tx: Tx, userId: number): number[] {
  return tx
    .select({ id: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(eq(strategyAccess.userId, userId))
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all()
    .map((row) => row.id);
}

/** Rewrites the user's picks as `ids` in that order, keeping at most `limit` of them (null: all). */
function writePicks(tx: Tx, userId: number, ids: readonly number[], limit: number | null, now: Date): void {
  const autoSend = autoSendInTx(tx, userId);
  tx.delete(strategyAccess).where(eq(strategyAccess.userId, userId)).run();
  ids.slice(0, limit ?? ids.length).forEach((strategyId, index) => {
    tx.insert(strategyAccess)
      .values({ userId, strategyId, createdAt: new Date(now.getTime() + index), mt5AutoSend: autoSend.has(strategyId) })
      .run();
  });
}

/** The strategies whose MT5 auto-send the user turned on, kept when their picks are rewritten. */
function autoSendInTx(tx: Tx, userId: number): Set<number> {
  const rows = tx
    .select({ id: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(and(eq(strategyAccess.userId, userId), eq(strategyAccess.mt5AutoSend, true)))
    .all();
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether the local lifecycle settles `sub` at `now` (`lifecycle.needsSettlement`):
 * never for a Stripe subscription, which Stripe renews and ends and whose
 * state only its webhook events write (docs/decisions/0164-stripe-status-mapping-and-grace.md).
 */
function dueLocally(sub: Subscription | null | undefined, now: Date): boolean {
  return !!sub && sub.stripeSubscriptionId === null && lifecycle.needsSettlement(sub, now);
}

/** Inside `tx`: the user's subscription with any ended period settled (and persisted, with its records). */
function settleInTx(tx: Tx, userId: number, now: Date): Subscription | undefined {
  const sub = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
  if (!sub || !dueLocally(sub, now)) return sub;
  const settled = lifecycle.settle(toState(sub), now);
  insertBilling(tx, userId, settled.billing);
  if (settled.subscription.plan !== sub.plan) {
    // A plan scheduled during the trial has started: picks beyond its limit lock for good.
    const limit = PLAN_RULES[settled.subscription.plan].strategyLimit;
    writePicks(tx, userId, picksInTx(tx, userId), limit, now);
  }
  return writeSubscription(tx, userId, settled.subscription, now);
}

/**
 * Applies what happens at the end of the user's current period (trial →
 * EXPIRED, cancelling → CANCELLED, ACTIVE → renewed with 'renewed' records) in
 * one transaction, and returns the subscription as it now is (undefined on Free).
 * Cheap when nothing is due: one read, no write. Call it before showing or changing a subscription.
 */
export function settleSubscription(userId: number, now = new Date()): Subscription | undefined {
  const current = getSubscription(userId);
  if (!current || !dueLocally(current, now)) return current;
  return getDb().transaction((tx) => settleInTx(tx, userId, now));
}

/**
 * The stored subscription row `sub` as it stands at `now`, computed and not
 * written: an ended period settled in memory (`lifecycle.settle`: renewed,
 * cancelled, expired, or the trial's pending plan started), so pages show the
 * period in force before the scheduled renewal writes it.
 * @returns undefined on the Free tier.
 */
export function currentSubscription(sub: Subscription | undefined, now: Date): Subscription | undefined {
  if (!sub || !dueLocally(sub, now)) return sub;
  return { ...sub, ...lifecycle.settle(toState(sub), now).subscription };
}

/** What `renewDueSubscriptions` did to one subscription. */
export interface RenewalOutcome {
  userId: number;
  from: Subscription["status"];
  to: Subscription["status"];
  /** Billing records written ('renewed', 'plan_changed'), the subscription's history. */
  records: number;
}

/**
 * The scheduled renewal (docs/decisions/0105-entitlement-is-a-pure-function.md):
 * every ACTIVE or TRIAL subscription whose period ended at or before `now` is
 * settled and written, each in its own transaction, with its billing records
 * ('renewed' per period, 'plan_changed' when a trial's plan starts) as its
 * history: auto-renewing ones renew, cancelling ones end, trials expire or
 * start their pending plan. Run on the primary by the periodic sweep
 * (server/index.ts); idempotent (a settled subscription is not due again).
 * @returns one outcome per subscription written.
 */
export function renewDueSubscriptions(now: Date): RenewalOutcome[] {
  const due = getDb()
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ["ACTIVE", "TRIAL"]), isNull(subscriptions.stripeSubscriptionId), sql`${subscriptions.endDate} <= ${now.getTime()}`))
    .all();
  const outcomes: RenewalOutcome[] = [];
  for (const { userId } of due) {
    const outcome = getDb().transaction((tx): RenewalOutcome | null => {
      const before = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
      if (!before || !dueLocally(before, now)) return null;
      const records = lifecycle.settle(toState(before), now).billing.length;
      const after = settleInTx(tx, userId, now);
      return { userId, from: before.status, to: after?.status ?? before.status, records };
    });
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

export type SubscriptionChange = { ok: true; subscription: Subscription } | { ok: false; error: LifecycleError };

/**
 * Runs one lifecycle transition for the user in ONE transaction: settles the
 * period first, applies `transition`, writes the subscription and its billing records.
 */
function transition(
  userId: number,
  now: Date,
  apply: (state: SubscriptionState | null) => lifecycle.LifecycleResult,
): SubscriptionChange {
  return getDb().transaction((tx) => {
    const current = settleInTx(tx, userId, now);
    const result = apply(current ? toState(current) : null);
    if (!result.ok) return { ok: false, error: result.error };
    const row = writeSubscription(tx, userId, result.subscription, now);
    insertBilling(tx, userId, result.billing);
    return { ok: true, subscription: row };
  });
}

/**
 * Moves the user to `plan` (see `changePlan` in app/domain/subscription-lifecycle.ts)
 * in one transaction with the strategy picks: when the plan allows fewer
 * strategies than the user follows, `keep` (strategy ids) says which stay;
 * they are ordered first, and when the plan applies at once the others are removed.
 * @param options.timing for a trial: start the plan when the trial ends (default) or now.
 * @param options.keep strategy ids to keep on a smaller plan.
 * Refusals: the lifecycle's errors, and `keep-required` when a needed choice is missing or invalid.
 */
export function changePlan(
  userId: number,
  plan: PlanId,
  now = new Date(),
  options: { timing?: lifecycle.PlanTiming; keep?: readonly number[] } = {},
): SubscriptionChange {
  return getDb().transaction((tx): SubscriptionChange => {
    const current = settleInTx(tx, userId, now);
    const result = lifecycle.changePlan(current ? toState(current) : null, plan, now, options.timing);
    if (!result.ok) return { ok: false, error: result.error };
    const ordered = lifecycle.orderPicksForPlan(picksInTx(tx, userId), options.keep ?? [], plan);
    if (!ordered.ok) return { ok: false, error: ordered.error };
    const appliesNow = result.subscription.pendingPlan === null;
    writePicks(tx, userId, ordered.picks, appliesNow ? PLAN_RULES[plan].strategyLimit : null, now);
    const row = writeSubscription(tx, userId, result.subscription, now);
    insertBilling(tx, userId, result.billing);
    return { ok: true, subscription: row };
  });
}

/** The strategies the user follows, oldest pick first, with their names. */
export function listChosenStrategies(userId: number): { id: number; name: string }[] {
  return getDb()
    .select({ id: strategies.id, name: strategies.name })
    .from(strategyAccess)
    .innerJoin(strategies, eq(strategies.id, strategyAccess.strategyId))
    .where(eq(strategyAccess.userId, userId))
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all();
}

/** Pauses the user's ACTIVE subscription; entitlements stop at once. */
export function pauseSubscription(userId: number, now = new Date()): SubscriptionChange {
  return transition(userId, now, (state) => lifecycle.pause(state, now));
}

/** Resumes the user's PAUSED subscription (a new period when the old one ended meanwhile). */
export function resumeSubscription(userId: number, now = new Date()): SubscriptionChange {
  return transition(userId, now, (state) => lifecycle.resume(state, now));
}

/** Cancels at period end (ACTIVE stays ACTIVE until then); a PAUSED subscription or a trial ends at once. */
export function cancelSubscription(userId: number, now = new Date()): SubscriptionChange {
  return transition(userId, now, (state) => lifecycle.cancel(state, now));
}

export interface BillingHistoryItem {
  id: number;
  event: BillingEntry["event"];
  plan: PlanId;
  amountCents: number;
  description: string;
  createdAt: Date;
}

/** The user's billing records, newest first. */
export function listBillingHistory(userId: number, limit = 100): BillingHistoryItem[] {
  return getDb()
    .select({
      id: billingRecords.id,
      event: billingRecords.event,
      plan: billingRecords.plan,
      amountCents: billingRecords.amountCents,
      description: billingRecords.description,
      createdAt: billingRecords.createdAt,
    })
    .from(billingRecords)
    .where(eq(billingRecords.userId, userId))
    .orderBy(desc(billingRecords.createdAt), desc(billingRecords.id))
    .limit(limit)
    .all();
}

// ---------------------------------------------------------------------------
// Strategy picks

export type ChooseStrategiesErrorCode = "no-plan" | "over-limit" | "unknown-strategy" | "inactive-strategy" | "none-chosen";

export type ChooseStrategiesResult =
  | { ok: true; strategyIds: number[] }
  | { ok: false; code: ChooseStrategiesErrorCode; message: string };

function pluralStrategies(n: number): string {
  return `${n} ${n === 1 ? "strategy" : "strategies"}`;
}

/**
 * Replaces the strategies the user follows with `strategyIds` (in that order),
 * in one transaction, after checking them: the user needs a live subscription
 * ('Choose a plan first'); every id must be an existing, active strategy; and
 * no more than the plan's strategy limit (Institutional: any number).
 */
export function chooseStrategies(userId: number, strategyIds: readonly number[], now = new Date()): ChooseStrategiesResult {
  const ids = [...new Set(strategyIds)];
  return getDb().transaction((tx): ChooseStrategiesResult => {
    const sub = settleInTx(tx, userId, now);
    if (!sub || !isSubscriptionLive(sub, now)) {
      return { ok: false, code: "no-plan", message: "Choose a plan first" };
    }
    if (ids.length === 0) return { ok: false, code: "none-chosen", message: "Choose at least one strategy" };
    const rule = PLAN_RULES[sub.plan];
    if (rule.strategyLimit !== null && ids.length > rule.strategyLimit) {
      return {
        ok: false,
        code: "over-limit",
        message: `Your ${rule.name} plan includes ${pluralStrategies(rule.strategyLimit)}. You chose ${ids.length}.`,
      };
    }
    const found = tx
      .select({ id: strategies.id, name: strategies.name, isActive: strategies.isActive })
      .from(strategies)
      .where(inArray(strategies.id, ids))
      .all();
    if (found.length !== ids.length) return { ok: false, code: "unknown-strategy", message: "Choose from the listed strategies" };
    const inactive = found.find((s) => !s.isActive);
    if (inactive) {
      return { ok: false, code: "inactive-strategy", message: `${inactive.name} is currently inactive and cannot be chosen` };
    }
    const autoSend = autoSendInTx(tx, userId);
    tx.delete(strategyAccess).where(eq(strategyAccess.userId, userId)).run();
    ids.forEach((strategyId, index) => {
      tx.insert(strategyAccess)
        .values({ userId, strategyId, createdAt: new Date(now.getTime() + index), mt5AutoSend: autoSend.has(strategyId) })
        .run();
    });
    return { ok: true, strategyIds: ids };
  });
}

