/**
 * The claims register (docs/decisions/0158-claims-register.md): every
 * factual claim the marketing, pricing, about and contact copy makes about
 * the product whose truth depends on how this server runs, with the condition
 * that makes it true and the code path behind it. A claim whose condition is
 * false is not rendered (`claimHolds`, app/domain/claims.ts). Claims that are
 * always true (the public ledger, the plans' features from PLAN_RULES) are
 * listed with `condition: "always"`. `RETIRED_CLAIMS` are texts the spec or
 * earlier copy made that nothing backs: no page may render them.
 */
import { TELEGRAM_CARD } from "./contact";

/** What makes a claim true: always, or one capability of this server (`Capabilities`). */
export type ClaimCondition = "always" | "telegramEnabled" | "stripeBilling" | "webPushEnabled";

export interface Claim {
  id: string;
  text: string;
  /** Pages that render it. */
  pages: readonly string[];
  condition: ClaimCondition;
  /** The code that makes it true. */
  source: string;
}

export const CLAIMS = {
  publicLedger: {
    id: "publicLedger",
    text: "Every signal is recorded in a public, tamper-evident ledger with signed checkpoints that anyone can keep and check with their own code.",
    pages: ["/"],
    condition: "always",
    source: "app/models/ledger.server.ts, /api/ledger, /ledger",
  },
  secureBilling: {
    id: "secureBilling",
    text: "Encrypted checkout, simple monthly plans, no setup fees.",
    pages: ["/"],
    condition: "stripeBilling",
    source: "Stripe Checkout (STRIPE_SECRET_KEY set)",
  },
  paymentProcessing: {
    id: "paymentProcessing",
    text: "Card payments are handled by Stripe, a PCI DSS compliant payment provider; card numbers never touch our servers.",
    pages: ["/about"],
    condition: "stripeBilling",
    source: "Stripe Checkout (STRIPE_SECRET_KEY set)",
  },
  telegramPartner: {
    id: "telegramPartner",
    text: "A Telegram bot delivers signals instantly to members who prefer mobile alerts.",
    pages: ["/about"],
    condition: "telegramEnabled",
    source: "app/services/channels/telegram.server.ts (TELEGRAM_BOT_TOKEN set)",
  },
  telegramMembers: {
    id: "telegramMembers",
    text: TELEGRAM_CARD.statusOn,
    pages: ["/contact"],
    condition: "telegramEnabled",
    source: "app/services/channels/telegram.server.ts (TELEGRAM_BOT_TOKEN set)",
  },
  mt5Queue: {
    id: "mt5Queue",
    text: "On Pro and Institutional, signals can be queued for our MetaTrader 5 Expert Advisor, which polls /api/mt5/queue.",
    pages: ["/about"],
    condition: "always",
    source: "app/routes/api.mt5.queue.ts",
  },
} as const satisfies Record<string, Claim>;

export type ClaimId = keyof typeof CLAIMS;

/**
 * Texts nothing in the product backs (issue list of untrue copy): a test fails
 * when any public page renders one of them, in any mode.
 */
export const RETIRED_CLAIMS: readonly string[] = [
  "Third-Party Tracking",
  "third-party tracking platforms",
  "Independent tracking keeps our numbers honest",
  "TradingView",
  "live webinars",
  "Daily market brief",
  "Weekly summary",
  "uptime SLA",
  "White-label",
  "white-label",
  "Custom onboarding",
  "+1 (555) 010-4200",
  "100 Market Street",
];
