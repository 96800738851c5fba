/**
 * Landing page content for signed-out visitors (spec section 2 "Landing
 * page"). Everything here is static sample content, not server data.
 */
import { CLAIMS, type ClaimId } from "./claims";
import { REFUND_DAYS, TRIAL_DAYS } from "./plans";
import { SIGNUP_PATH, STRATEGY_CALL_PATH } from "./paths";
import type { CallToAction } from "./pricing";

export const HERO: {
  eyebrow: string;
  title: string;
  lead: string;
  primary: CallToAction;
  secondary: CallToAction;
  note: string;
} = {
  eyebrow: "Rules-based FX strategies and signals",
  title: "Trade forex with a plan, not a hunch",
  lead: "Systematic strategies on the majors, minors and gold. Every signal comes with an entry, a stop loss, targets and the reasoning behind it, delivered where you trade and recorded in a public ledger you can verify yourself.",
  primary: { label: "Start Free Trial", to: SIGNUP_PATH },
  secondary: { label: "View Strategies", to: "/strategies" },
  note: `${TRIAL_DAYS}-day free trial · No setup fees · ${REFUND_DAYS}-day refund promise`,
};

interface TrustBadge {
  title: "Methodology" | "Risk Controls" | "Public Ledger" | "Secure Billing";
  description: string;
  /** The registered claim (app/content/claims.ts) the badge makes, when its truth depends on the server. */
  claim?: ClaimId;
}

export const TRUST_BADGES: TrustBadge[] = [
  { title: "Methodology", description: "Published rules for every setup, entry, exit and market filter." },
  { title: "Risk Controls", description: "A hard stop loss on every signal and fixed risk per trade." },
  { title: "Public Ledger", description: CLAIMS.publicLedger.text, claim: "publicLedger" },
  { title: "Secure Billing", description: CLAIMS.secureBilling.text, claim: "secureBilling" },
];

interface SampleSignal {
  symbol: string;
  side: "LONG" | "SHORT";
  entry: number;
  stopLoss: number;
  takeProfit: number;
  /** Display age, e.g. '12 min ago' (static sample). */
  age: string;
}

export const LIVE_SIGNALS_SAMPLE = {
  title: "Sample Signals",
  badge: "Sample",
  caption: "Sample signals for illustration only: not live prices and not a recommendation to trade.",
  rows: [
    { symbol: "EURUSD", side: "LONG", entry: 1.0845, stopLoss: 1.0815, takeProfit: 1.0905, age: "12 min ago" },
    { symbol: "GBPUSD", side: "SHORT", entry: 1.2678, stopLoss: 1.2712, takeProfit: 1.261, age: "47 min ago" },
    { symbol: "XAUUSD", side: "LONG", entry: 2345.5, stopLoss: 2338, takeProfit: 2360.5, age: "2 hr ago" },
  ] satisfies SampleSignal[],
};

interface WhyPoint {
  title: "Evidence-Driven" | "Risk-First" | "Clarity" | "Delivery";
  description: string;
}

export const WHY_SECTION = {
  title: "Why FX Trader",
  lead: "We publish the rules, show the risk and record every signal in a public ledger you can check.",
};

export const WHY_POINTS: WhyPoint[] = [
  {
    title: "Evidence-Driven",
    description:
      "Every strategy is backtested on 5 or more years of data with realistic spreads, commission and slippage before it publishes a single signal.",
  },
  {
    title: "Risk-First",
    description:
      "Position sizing starts from the stop loss. Each signal carries a hard stop and scaled targets, and each strategy caps its risk per trade.",
  },
  {
    title: "Clarity",
    description:
      "A plain-language rationale with every signal, the full rules behind each strategy, and results reported with their drawdowns, not just their wins.",
  },
  {
    title: "Delivery",
    description:
      "Signals reach you in the web portal and by email, browser push and the MT5 order queue, or flow straight into your own systems through webhooks, depending on your plan.",
  },
];

type StrategyRiskClass = "Conservative" | "Balanced" | "Aggressive";

interface StrategyHighlight {
  slug: string;
  name: string;
  riskClass: StrategyRiskClass;
  timeframes: string;
  instruments: string;
  description: string;
}

export const HIGHLIGHTS_SECTION = {
  title: "Strategy Highlights",
  lead: "Three of our rules-based playbooks, from steady swing trading to fast London-session breakouts.",
  note: "Win rates are computed from each strategy's closed signals in the public ledger, net of costs. Past performance is not indicative of future results.",
  linkLabel: "View Strategy",
};

export const STRATEGY_HIGHLIGHTS: StrategyHighlight[] = [
  {
    slug: "alpha-swing",
    name: "Alpha Swing",
    riskClass: "Balanced",
    timeframes: "H4, D1",
    instruments: "Major pairs",
    description: "Buys pullbacks in established daily uptrends and sells rallies in downtrends, holding for several days.",
  },
  {
    slug: "london-breakout",
    name: "London Breakout",
    riskClass: "Aggressive",
    timeframes: "M15, H1",
    instruments: "GBP, EUR and JPY pairs",
    description: "Trades the break of the Asian-session range in the first hours of the London open, with tight stops.",
  },
  {
    slug: "gold-intraday",
    name: "Gold Intraday",
    riskClass: "Conservative",
    timeframes: "M15, H1",
    instruments: "XAUUSD",
    description: "Trades pullbacks to value in spot gold during London and New York, at most two trades a day.",
  },
];

export const CLOSING_CTA: { title: string; body: string; primary: CallToAction; secondary: CallToAction } = {
  title: "Ready to trade with a plan?",
  body: `Start a ${TRIAL_DAYS}-day free trial, or talk through which strategy fits your account and schedule on a free 30-minute strategy call.`,
  primary: { label: "Start Free Trial", to: SIGNUP_PATH },
  secondary: { label: "Book a Strategy Call", to: STRATEGY_CALL_PATH },
};

export const LANDING_DISCLAIMER =
  "FX Trader provides rules-based signals, research and education only. It gives no investment advice, portfolio management or brokerage. All results shown are hypothetical and past performance is not indicative of future results.";

/** Meta for the signed-in home page (the dashboard's home variant). */
/**
 * Everything the signed-out landing page shows, sent as loader data so the
 * texts stay out of the page's JavaScript.
 */
export const LANDING_PAGE = {
  hero: HERO,
  trustBadges: TRUST_BADGES,
  liveSignalsSample: LIVE_SIGNALS_SAMPLE,
  why: WHY_SECTION,
  whyPoints: WHY_POINTS,
  highlights: HIGHLIGHTS_SECTION,
  strategyHighlights: STRATEGY_HIGHLIGHTS,
  closing: CLOSING_CTA,
  disclaimer: LANDING_DISCLAIMER,
};
export type LandingPageContent = typeof LANDING_PAGE;
