/**
 * Which registered claims (app/content/claims.ts) hold on this server. Pure:
 * the caller builds `Capabilities` from the environment, server-side, and
 * pages receive only the ids that hold (docs/decisions/0158-claims-register.md).
 */
import { CLAIMS, type ClaimCondition, type ClaimId } from "~/content/claims";

/** What this server can do, as the claims' conditions read it. */
export interface Capabilities {
  /** TELEGRAM_BOT_TOKEN (and its webhook secret) set. */
  telegramEnabled: boolean;
  /** "stripe" when STRIPE_SECRET_KEY is set, else "demo" (no real checkout). */
  billingMode: "stripe" | "demo";
  /** VAPID keys set. */
  webPushEnabled: boolean;
}

/** Whether `condition` holds under `capabilities`. */
export function claimHolds(condition: ClaimCondition, capabilities: Capabilities): boolean {
  switch (condition) {
    case "always":
      return true;
    case "telegramEnabled":
      return capabilities.telegramEnabled;
    case "stripeBilling":
      return capabilities.billingMode === "stripe";
    case "webPushEnabled":
      return capabilities.webPushEnabled;
  }
}

/** The ids of the registered claims that hold under `capabilities`, in register order. */
export function claimsThatHold(capabilities: Capabilities): ClaimId[] {
  return (Object.keys(CLAIMS) as ClaimId[]).filter((id) => claimHolds(CLAIMS[id].condition, capabilities));
}
