/** How the prices of the marketing content are written. */
import type { AddOn } from "~/content/pricing";
import { formatUsd } from "./money";

/** An add-on's price with what it buys: '$150 per session'. */
export function addOnPriceLabel(addOn: AddOn): string {
  return `${formatUsd(addOn.priceUsd)} per ${addOn.unit}`;
}
