/**
 * Subscriptions, chosen strategies and the entitlements they grant.
 */
import { asc, eq } from "drizzle-orm";
import { strategies, strategyAccess, subscriptions, type Subscription } from "../../db/schema";
import type { Db } from "../../db/connection";
import { entitledStrategyIds, isSubscriptionLive } from "~/domain/entitlements";
import { FREE_PLAN_LABEL, PLAN_RULES, TRIAL_DAYS, TRIAL_PLAN } from "~/domain/plans";
import type { PublicUser } from "~/models/users.server";
import { getDb } from "~/services/db.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function getSubscription(userId: number): Subscription | undefined {
  return getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

/** Strategy ids the user picked, oldest pick first. */
export function getChosenStrategyIds(userId: number): number[] {
  return getDb()
    .select({ id: strategyAccess.strategyId })
    .from(strategyAccess)
    .where(eq(strategyAccess.userId, userId))
    .orderBy(asc(strategyAccess.createdAt), asc(strategyAccess.strategyId))
    .all()
    .map((row) => row.id);
}

function allStrategyIds(): number[] {
  return getDb()
    .select({ id: strategies.id })
    .from(strategies)
    .orderBy(asc(strategies.id))
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
}

/** Entitlements of `user` (null: a signed-out visitor, who has none). */
export function getEntitlements(user: PublicUser | null, now = new Date()): Entitlements {
  if (!user) return { subscription: null, planLabel: FREE_PLAN_LABEL, strategyIds: [] };
  const sub = getSubscription(user.id);
  const ids = entitledStrategyIds({
    role: user.role,
    subscription: sub,
    chosenStrategyIds: sub ? getChosenStrategyIds(user.id) : [],
    allStrategyIds: allStrategyIds(),
    now,
  });
  if (!sub) return { subscription: null, planLabel: FREE_PLAN_LABEL, strategyIds: ids };
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
  };
}

/**
 * Starts the signup trial inside transaction `tx`: a TRIAL subscription on the
 * trial plan for TRIAL_DAYS, following the first active strategies up to that plan's limit.
 */
export function startTrial(tx: Tx, userId: number, now = new Date()): void {
  const endDate = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  tx.insert(subscriptions).values({ userId, plan: TRIAL_PLAN, status: "TRIAL", startDate: now, endDate, createdAt: now }).run();
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
