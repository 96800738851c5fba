/** How the prices of the marketing content are written. */
import type { AddOn, Plan } from "~/content/pricing";
import { formatUsd } from "./money";

/** An add-on's price with what it buys: '$150 per session'. */
export function addOnPriceLabel(addOn: AddOn): string {
  return `${formatUsd(addOn.priceUsd)} per ${addOn.unit}`;
}

/** A plan's price per period: '$97/month'. */
export function planPriceLabel(plan: Plan): string {
  return `${formatUsd(plan.priceUsd)}/${plan.period}`;
}
