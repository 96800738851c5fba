/**
 * Which strategies' live signals a viewer may see in full. Pure: the caller
 * passes the subscription, the chosen strategies, the catalogue and `now`;
 * nothing here reads or writes (docs/decisions/0105-entitlement-is-a-pure-function.md).
 * Delivery (at enqueue and at send), MT5 auto-send, the live feed and every
 * page decide access with `entitledStrategyIds`; channels, the API quota and
 * the support queue with `planFeatures` (docs/decisions/0157-plans-as-entitlements.md).
 */
import type { PlanId, SubscriptionStatus } from "../../db/schema";
import { CHANNEL_LABELS, CHANNELS, FREE_FEATURES, FREE_PLAN_LABEL, PLAN_RULES, type Channel, type SupportLevel } from "~/content/plans";
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

/** The features a viewer's plan grants at `now` (`planFeatures`). */
export interface PlanFeatures {
  /** The plan in force, or null on the Free tier (no live subscription; admins: null too). */
  plan: PlanId | null;
  /** The plan's name, 'Free', or 'Admin'. */
  planName: string;
  channels: readonly Channel[];
  /** Requests per UTC calendar month with API keys. */
  apiMonthlyRequests: number;
  support: SupportLevel;
}

/**
 * The features `role` with `subscription` has at `now`, from PLAN_RULES
 * (app/content/plans.ts): admins every channel at the highest plan's quota;
 * a live subscription (`isSubscriptionLive`) its plan in force
 * (`planInForce`); anyone else the Free tier (FREE_FEATURES).
 */
export function planFeatures(input: { role: "user" | "admin"; subscription: SubscriptionFacts | null | undefined; now: Date }): PlanFeatures {
  if (input.role === "admin") {
    return { plan: null, planName: "Admin", channels: CHANNELS, apiMonthlyRequests: PLAN_RULES.institutional.apiMonthlyRequests, support: "priority" };
  }
  if (!input.subscription || !isSubscriptionLive(input.subscription, input.now)) {
    return { plan: null, planName: FREE_PLAN_LABEL, ...FREE_FEATURES };
  }
  const rule = PLAN_RULES[planInForce(input.subscription, input.now)];
  return { plan: rule.id, planName: rule.name, channels: rule.channels, apiMonthlyRequests: rule.apiMonthlyRequests, support: rule.support };
}

/** Whether `features` include `channel`. */
export function hasChannel(features: Pick<PlanFeatures, "channels">, channel: Channel): boolean {
  return features.channels.includes(channel);
}

/**
 * What moving from plan `from` to plan `to` switches off, as sentences for the
 * plan-change confirmation: each channel `to` lacks, a lower API quota and the
 * loss of the priority support queue (fewer strategies has its own picker line).
 * Empty for an upgrade.
 */
export function lostFeatures(from: PlanId, to: PlanId): string[] {
  const a = PLAN_RULES[from];
  const b = PLAN_RULES[to];
  const lost: string[] = a.channels.filter((channel) => !b.channels.includes(channel)).map((channel) => `${CHANNEL_LABELS[channel]}: switched off${channel === "webhooks" ? " (your endpoints are paused, not deleted, and resume if you upgrade again)" : ""}.`);
  if (b.apiMonthlyRequests < a.apiMonthlyRequests) lost.push(`Your API quota falls from ${a.apiMonthlyRequests.toLocaleString("en-US")} to ${b.apiMonthlyRequests.toLocaleString("en-US")} requests a month.`);
  if (a.support === "priority" && b.support !== "priority") lost.push("Your messages leave the priority support queue.");
  return lost;
}

/** The plan that first includes `channel`, cheapest first (every channel is in some plan). */
export function cheapestPlanWith(channel: Channel): PlanId {
  const plans = Object.values(PLAN_RULES).sort((a, b) => a.monthlyPriceUsd - b.monthlyPriceUsd);
  return (plans.find((rule) => rule.channels.includes(channel)) ?? PLAN_RULES.institutional).id;
}

/**
 * Why `features` do not reach `channel`, naming the viewer's plan and the plan
 * that has it ("Webhooks: not part of your Pro plan; included from the
 * Institutional plan."), or null when they do.
 */
export function channelRefusal(features: PlanFeatures, channel: Channel): string | null {
  if (hasChannel(features, channel)) return null;
  const yours = features.plan === null ? `the ${features.planName} tier` : `your ${features.planName} plan`;
  return `${CHANNEL_LABELS[channel]}: not part of ${yours}; included from the ${PLAN_RULES[cheapestPlanWith(channel)].name} plan.`;
}
