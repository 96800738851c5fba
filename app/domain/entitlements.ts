/**
 * Which strategies' live signals a viewer may see in full. Pure: the caller
 * passes the subscription, the chosen strategies, the catalogue and `now`;
 * nothing here reads or writes (docs/decisions/0105-entitlement-is-a-pure-function.md).
 * Delivery (at enqueue and at send), MT5 auto-send, the live feed and every
 * page decide access with `entitledStrategyIds`.
 */
import type { PlanId, SubscriptionStatus } from "../../db/schema";
import { PLAN_RULES } from "~/content/plans";
import { inGrace } from "./stripe-billing";

export interface SubscriptionFacts {
  plan: PlanId;
  status: SubscriptionStatus;
  /** End of the current period (UTC). */
  endDate: Date;
  /** ACTIVE but ending (not renewing) when the current period ends. */
  cancelAtPeriodEnd: boolean;
  /** TRIAL only: the plan that starts when the trial ends (null: the trial just ends). */
  pendingPlan: PlanId | null;
  /** Stripe billing: when a payment became overdue (`past_due`); access lasts PAST_DUE_GRACE_DAYS from then. Null or absent: paid up. */
  pastDueSince?: Date | null;
}

export interface EntitlementInput {
  role: "user" | "admin";
  subscription: SubscriptionFacts | null | undefined;
  /** Strategy ids the user picked, oldest pick first. */
  chosenStrategyIds: readonly number[];
  /** Ids of every strategy in the catalogue. */
  allStrategyIds: readonly number[];
  now: Date;
}

/**
 * Whether the subscription's period has ended at `now` and the next one starts
 * by itself: an ACTIVE subscription that is not cancelling (auto-renewal) or a
 * TRIAL with a pending plan. The renewal is then due (the scheduled
 * `renewDueSubscriptions` writes it), not missed: access continues.
 */
export function isRenewalDue(subscription: SubscriptionFacts | null | undefined, now: Date): boolean {
  if (!subscription || subscription.endDate > now) return false;
  if (subscription.status === "ACTIVE") return !subscription.cancelAtPeriodEnd;
  return subscription.status === "TRIAL" && subscription.pendingPlan !== null;
}

/**
 * True while an ACTIVE or TRIAL subscription's current period has not ended,
 * or has ended with its renewal due (`isRenewalDue`), and any overdue payment
 * is still within its grace (`inGrace`, docs/decisions/0164-stripe-status-mapping-and-grace.md).
 */
export function isSubscriptionLive(subscription: SubscriptionFacts | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  if (subscription.status !== "ACTIVE" && subscription.status !== "TRIAL") return false;
  if (subscription.pastDueSince && !inGrace(subscription.pastDueSince, now)) return false;
  return subscription.endDate > now || isRenewalDue(subscription, now);
}

/** The plan in force at `now`: a trial's pending plan once the trial has ended, else the subscription's plan. */
export function planInForce(subscription: SubscriptionFacts, now: Date): PlanId {
  return subscription.status === "TRIAL" && subscription.pendingPlan !== null && subscription.endDate <= now ? subscription.pendingPlan : subscription.plan;
}

/**
 * Strategy ids whose ACTIVE signals the viewer may see with price levels.
 * Admins: all. No live subscription (`isSubscriptionLive`): none.
 * Institutional: all. Otherwise the earliest picks up to the strategy limit of
 * the plan in force (so a downgrade trims access).
 */
export function entitledStrategyIds(input: EntitlementInput): number[] {
  if (input.role === "admin") return [...input.allStrategyIds];
  if (!input.subscription || !isSubscriptionLive(input.subscription, input.now)) return [];
  const limit = PLAN_RULES[planInForce(input.subscription, input.now)].strategyLimit;
  if (limit === null) return [...input.allStrategyIds];
  const known = new Set(input.allStrategyIds);
  return input.chosenStrategyIds.filter((id) => known.has(id)).slice(0, limit);
}
