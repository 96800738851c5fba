/** How the prices of the marketing content are written. */
import type { AddOn } from "~/content/pricing";
import { CHANNEL_LABELS, type PlanRule } from "~/content/plans";
import { formatUsd } from "./money";

/** An add-on's price with what it buys: '$150 per session'. */
export function addOnPriceLabel(addOn: AddOn): string {
  return `${formatUsd(addOn.priceUsd)} per ${addOn.unit}`;
}

/**
 * A plan's feature list as /pricing shows it, from its PlanRule alone
 * (docs/decisions/0157-plans-as-entitlements.md), so the page lists exactly what the
 * entitlement function enforces: strategies, each channel, the API quota, the support queue.
 */
export function planFeatureList(rule: PlanRule): string[] {
  const strategies =
    rule.strategyLimit === null ? "All strategies, including new ones" : `${rule.strategyLimit} ${rule.strategyLimit === 1 ? "strategy" : "strategies"}`;
  return [
    strategies,
    ...rule.channels.map((channel) => CHANNEL_LABELS[channel]),
    `API: ${rule.apiMonthlyRequests.toLocaleString("en-US")} requests a month`,
    rule.support === "priority" ? "Priority support queue" : "Support by message",
  ];
}
