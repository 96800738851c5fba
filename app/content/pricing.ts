/**
 * Pricing page content (spec sections 2 "Pricing", 3 "Plans", 9). Prices
 * and feature lists come from PLAN_RULES (`planFeatureList`) so the page and
 * the entitlement rules never drift; texts the spec gives that the product
 * does not do are left out (docs/decisions/0158-claims-register.md).
 * Also home to the calls to action other marketing pages share.
 */
import type { PlanId } from "../../db/schema";
import { PLAN_RULES, REFUND_DAYS, TRIAL_DAYS } from "~/content/plans";
import { SIGNUP_PATH } from "~/content/paths";

export { SIGNUP_PATH };

export const CONTACT_PATH = "/contact";

/** A link rendered as a button. */
export interface CallToAction {
  label: string;
  to: string;
}

/**
 * A button the spec shows without an action: rendered disabled with `note`
 * (see docs/decisions/marketing-placeholders.md).
 */
export interface PlaceholderAction {
  label: string;
  note: string;
}

export const NOT_AVAILABLE_YET = "Not available yet";

/** Spec section 9. */
export { REFUND_DAYS };
export { TRIAL_DAYS };

/** Page title (without the site name) and meta description. */
export const PRICING_META = {
  title: "Pricing",
  description: `Monthly plans for rules-based FX signals: Starter $${PLAN_RULES.starter.monthlyPriceUsd}, Pro $${PLAN_RULES.pro.monthlyPriceUsd}, Institutional $${PLAN_RULES.institutional.monthlyPriceUsd}. ${TRIAL_DAYS}-day free trial, no setup fees, ${REFUND_DAYS}-day refund promise.`,
};

export const PRICING_INTRO = {
  title: "Simple, Transparent Pricing",
  lead: `Pick the plan that fits how you trade. Every plan is billed monthly in US dollars, starts with a ${TRIAL_DAYS}-day free trial and has no setup fees.`,
};

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month. */
  priceUsd: number;
  period: "month";
  summary: string;
  mostPopular: boolean;
}

export const MOST_POPULAR_LABEL = "Most Popular";

export const PLANS: Plan[] = [
  {
    id: "starter",
    name: PLAN_RULES.starter.name,
    priceUsd: PLAN_RULES.starter.monthlyPriceUsd,
    period: "month",
    summary: "For traders following a single strategy alongside their own analysis.",
    mostPopular: false,
  },
  {
    id: "pro",
    name: PLAN_RULES.pro.name,
    priceUsd: PLAN_RULES.pro.monthlyPriceUsd,
    period: "month",
    summary: "For active traders who want several strategies and alerts on every personal channel.",
    mostPopular: true,
  },
  {
    id: "institutional",
    name: PLAN_RULES.institutional.name,
    priceUsd: PLAN_RULES.institutional.monthlyPriceUsd,
    period: "month",
    summary: "For desks, funds and educators who need every strategy, webhooks into their own systems and a higher API quota.",
    mostPopular: false,
  },
];

export interface AddOn {
  id: "mentorship" | "risk-templates";
  name: string;
  priceUsd: number;
  /** What one price buys: '$150 per session'. */
  unit: "session" | "template";
  description: string;
}

export const MENTORSHIP: AddOn = {
  id: "mentorship",
  name: "1-on-1 Mentorship",
  priceUsd: 150,
  unit: "session",
  description:
    "A private video session with one of our traders to review your journal, your risk plan and how you apply the strategies you follow.",
};

export const ADD_ONS: AddOn[] = [
  MENTORSHIP,
  {
    id: "risk-templates",
    name: "Custom Risk Templates",
    priceUsd: 75,
    unit: "template",
    description:
      "Position-sizing and daily-loss rules built around your account size, leverage limits and risk tolerance, ready to use with our calculators.",
  },
];

export const ADD_ONS_SECTION = {
  title: "Add-ons",
  lead: "Extra support you can add to any plan, billed when you use it.",
};

export const TRIAL = {
  days: TRIAL_DAYS,
  title: `${TRIAL_DAYS}-Day Free Trial`,
  body: `Try every Pro feature free for ${TRIAL_DAYS} days: 3 strategies and alerts by email, Telegram, browser push and the MT5 order queue. At the end of the trial, choose a plan or your account returns to Free.`,
  points: ["No setup fees", `${REFUND_DAYS}-day refund promise`, "Change or cancel your plan at any time"],
};

/** Promises shown under the plan cards (spec section 9). */
export const GUARANTEES: { title: string; body: string }[] = [
  { title: "No setup fees", body: "You pay the monthly plan price and nothing else to get started." },
  {
    title: `${REFUND_DAYS}-day refund promise`,
    body: `Not the right fit? Ask within ${REFUND_DAYS} days of your first payment for a full refund.`,
  },
  {
    title: "A public, verifiable ledger",
    body: "Every signal event is recorded in an append-only ledger anyone can check, so the track record cannot be edited after the fact.",
  },
];

interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_TITLE = "Frequently Asked Questions";

export const PRICING_FAQ: FaqItem[] = [
  {
    question: `How does the ${TRIAL_DAYS}-day free trial work?`,
    answer: `Create an account and you get Pro features for ${TRIAL_DAYS} days. At the end of the trial you choose a plan; if you don't, your account returns to the Free level and you keep access to the public pages and free calculators.`,
  },
  {
    question: "What is your refund policy?",
    answer: `If FX Trader isn't right for you, contact us within ${REFUND_DAYS} days of your first payment and we will refund it in full. There are no setup fees to lose.`,
  },
  {
    question: "Can I change or cancel my plan?",
    answer:
      "Yes. Upgrade, downgrade or cancel from your account page at any time. When you cancel, your subscription stays active until the end of the current billing period.",
  },
  {
    question: "How are signals delivered?",
    answer:
      "Starter includes portal and email alerts. Pro adds Telegram, browser push and the MT5 order queue for our Expert Advisor. Institutional adds webhooks and a higher API quota so signals can flow into your own systems.",
  },
  {
    question: "Do I need a particular broker or platform?",
    answer:
      "No. Each signal states the symbol, direction, entry, stop loss and targets, so you can place it with the broker of your choice. On Pro and Institutional, MT5 users can also have signals queued for our Expert Advisor.",
  },
  {
    question: "Is this investment advice?",
    answer:
      "No. FX Trader publishes rules-based signals, research and education for information only. We do not give personal investment advice, manage portfolios or act as a broker, and all performance figures are hypothetical. You decide whether and how to trade.",
  },
];

export const CONTACT_SALES = {
  title: "Need a custom setup?",
  body: "Desks, funds and educators can talk to us about the Institutional plan, webhooks and API integration.",
  cta: { label: "Contact Sales", to: CONTACT_PATH } satisfies CallToAction,
};

export const PRICING_DISCLAIMER =
  "Prices are in US dollars per month. Subscriptions give access to rules-based signals, research, education and tools; they are not investment advice, portfolio management or brokerage. Forex trading involves significant risk of loss. All performance figures are hypothetical and past performance is not indicative of future results.";
