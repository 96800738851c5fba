/**
 * Which strategies' live signals a viewer may see in full. Pure: the caller
 * passes the subscription, the chosen strategies and the catalogue.
 */
import type { PlanId, SubscriptionStatus } from "../../db/schema";
import { PLAN_RULES } from "~/content/plans";

export interface SubscriptionFacts {
  plan: PlanId;
  status: SubscriptionStatus;
  /** End of the current period (UTC). */
  endDate: Date;
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

/** True while an ACTIVE or TRIAL subscription's current period has not ended. */
export function isSubscriptionLive(subscription: SubscriptionFacts | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  return (subscription.status === "ACTIVE" || subscription.status === "TRIAL") && subscription.endDate > now;
}

/**
 * Strategy ids whose ACTIVE signals the viewer may see with price levels.
 * Admins: all. No live subscription: none. Institutional: all. Otherwise the
 * earliest picks up to the plan's strategy limit (so a downgrade trims access).
 */
export function entitledStrategyIds(input: EntitlementInput): number[] {
  if (input.role === "admin") return [...input.allStrategyIds];
  if (!isSubscriptionLive(input.subscription, input.now)) return [];
  const limit = PLAN_RULES[input.subscription!.plan].strategyLimit;
  if (limit === null) return [...input.allStrategyIds];
  const known = new Set(input.allStrategyIds);
  return input.chosenStrategyIds.filter((id) => known.has(id)).slice(0, limit);
}
