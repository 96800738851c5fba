/**
 * Subscription plans and what each one entitles (DESIGN.md "Entitlements";
 * prices from spec section 9, in USD per month). The one place a plan's
 * features live: the entitlement function (app/domain/entitlements.ts)
 * enforces them at every door and /pricing renders its feature lists from
 * them (docs/decisions/0157-plans-as-entitlements.md).
 */
import type { PlanId } from "../../db/schema";

/**
 * Where a signal can reach a subscriber: the portal (dashboard, lists, live
 * feed), email, Telegram, Web Push, webhooks and the MT5 order queue.
 */
export const CHANNELS = ["portal", "email", "telegram", "push", "webhooks", "mt5"] as const;
export type Channel = (typeof CHANNELS)[number];

/** How a channel is named in feature lists, problems and the downgrade warning. */
export const CHANNEL_LABELS: Record<Channel, string> = {
  portal: "Portal alerts",
  email: "Email alerts",
  telegram: "Telegram alerts",
  push: "Browser push alerts",
  webhooks: "Webhooks",
  mt5: "MT5 order queue",
};

/** Support queue a plan's messages land in: /admin/messages marks `priority` ones. */
export type SupportLevel = "standard" | "priority";

export interface PlanRule {
  id: PlanId;
  name: string;
  /** USD per month. */
  monthlyPriceUsd: number;
  /** How many strategies the subscriber may follow; null means all of them, including strategies added later. */
  strategyLimit: number | null;
  /** Channels that deliver this plan's signals. */
  channels: readonly Channel[];
  /** Requests per UTC calendar month made with the user's API keys. */
  apiMonthlyRequests: number;
  support: SupportLevel;
}

export const PLAN_RULES: Record<PlanId, PlanRule> = {
  starter: {
    id: "starter",
    name: "Starter",
    monthlyPriceUsd: 97,
    strategyLimit: 1,
    channels: ["portal", "email"],
    apiMonthlyRequests: 10_000,
    support: "standard",
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPriceUsd: 197,
    strategyLimit: 3,
    channels: ["portal", "email", "telegram", "push", "mt5"],
    apiMonthlyRequests: 10_000,
    support: "standard",
  },
  institutional: {
    id: "institutional",
    name: "Institutional",
    monthlyPriceUsd: 497,
    strategyLimit: null,
    channels: ["portal", "email", "telegram", "push", "mt5", "webhooks"],
    apiMonthlyRequests: 100_000,
    support: "priority",
  },
};

/** What an account without a live plan (the Free tier) gets: the portal and the API's public and own-account data. */
export const FREE_FEATURES = {
  channels: ["portal"] as readonly Channel[],
  /** Requests per UTC calendar month with API keys (spec section 9's 10,000). */
  apiMonthlyRequests: 10_000,
  support: "standard" as SupportLevel,
};

/** Length of the free trial a signup starts, in days (spec section 9). */
export const TRIAL_DAYS = 7;
/** The refund promise, in days (spec section 9). */
export const REFUND_DAYS = 30;
/** Plan whose entitlements the free trial grants. */
export const TRIAL_PLAN: PlanId = "pro";
/** Label shown for a user with no subscription. */
export const FREE_PLAN_LABEL = "Free";
