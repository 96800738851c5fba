/**
 * Subscription plans and what each one entitles (DESIGN.md "Entitlements";
 * prices from spec section 9, in USD per month).
 */
import type { PlanId } from "../../db/schema";

export interface PlanRule {
  id: PlanId;
  name: string;
  /** USD per month. */
  monthlyPriceUsd: number;
  /** How many strategies the subscriber may follow; null means all of them. */
  strategyLimit: number | null;
}

export const PLAN_RULES: Record<PlanId, PlanRule> = {
  starter: { id: "starter", name: "Starter", monthlyPriceUsd: 97, strategyLimit: 1 },
  pro: { id: "pro", name: "Pro", monthlyPriceUsd: 197, strategyLimit: 3 },
  institutional: { id: "institutional", name: "Institutional", monthlyPriceUsd: 497, strategyLimit: null },
};

/** Length of the free trial a signup starts, in days (spec section 9). */
export const TRIAL_DAYS = 7;
/** The refund promise, in days (spec section 9). */
export const REFUND_DAYS = 30;
/** Plan whose entitlements the free trial grants. */
export const TRIAL_PLAN: PlanId = "pro";
/** Label shown for a user with no subscription. */
export const FREE_PLAN_LABEL = "Free";
