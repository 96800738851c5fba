/**
 * Services page content (spec section 2 "Services"). Plan tiers, the
 * mentorship price and the curriculum size come from the pricing and academy
 * content so the pages agree.
 */
import { ACADEMY_TRACKS, CURRICULUM_TOTALS } from "./academy";
import { CONTACT_PATH, MENTORSHIP, type CallToAction } from "./pricing";
import { PLAN_RULES } from "./plans";

export const SERVICES_META = {
  title: "Services",
  description:
    "What FX Trader offers: rules-based signal subscriptions delivered by portal, email, Telegram, browser push, the MT5 order queue and webhooks, research, education and mentorship.",
};

export const SERVICES_INTRO = {
  title: "What We Offer",
  lead: "Rules-based signals, the research behind them and the education to use them well, delivered to the platforms you already trade on.",
};

export interface ServiceCard {
  id: "signals" | "research" | "education" | "api";
  title: string;
  description: string;
  points: string[];
  links: CallToAction[];
}

export const DELIVERY_CHANNELS = ["Web portal", "Email", "Telegram bot", "Browser push", "MT5 order queue", "Webhooks"] as const;

export const SIGNAL_SUBSCRIPTIONS: ServiceCard & { tiersLabel: string; channelsLabel: string } = {
  id: "signals",
  title: "Signal Subscriptions",
  description:
    "Follow one strategy or several. Every signal states the symbol, direction, entry, stop loss, targets, expiry and a short rationale.",
  points: [
    "Strategies on the majors, minors and gold",
    "A hard stop loss and two take-profit levels on every signal",
    "Untriggered signals expire automatically",
  ],
  tiersLabel: "Tiers",
  channelsLabel: "Delivery",
  links: [
    { label: "View Strategies", to: "/strategies" },
    { label: "Compare Plans", to: "/pricing" },
  ],
};

export const RESEARCH: ServiceCard = {
  id: "research",
  title: "Research & Analysis",
  description: "The context behind the signals, written for traders who want to understand why a setup qualifies.",
  points: [
    "Strategy notes on recent setups, winners and losers alike",
    "Macro context ahead of central bank decisions and tier-one data",
    "Risk management guides and platform how-tos",
    "Case studies that walk through complete trades",
  ],
  links: [{ label: "Read Insights", to: "/insights" }],
};

export const EDUCATION: ServiceCard = {
  id: "education",
  title: "Education & Mentorship",
  description: "Learn the rules before you follow them, then sharpen your execution with a mentor.",
  points: [
    `${ACADEMY_TRACKS.length} academy tracks, ${CURRICULUM_TOTALS.lessons} lessons from foundations to strategy modules`,
    "Video lessons and quizzes, with certification at the end",
    `1-on-1 mentorship at $${MENTORSHIP.priceUsd} per ${MENTORSHIP.unit}`,
  ],
  links: [
    { label: "Explore the Academy", to: "/academy" },
    { label: "Book Mentorship", to: CONTACT_PATH },
  ],
};

/** The sample webhook payload shown on the API card (illustrative, not a live signal). */
export const SAMPLE_PAYLOAD = {
  symbol: "EURUSD",
  direction: "LONG",
  entry: 1.0845,
  stopLoss: 1.0815,
  takeProfit: 1.0905,
  rationale: "Pullback into the rising H4 20-EMA with the daily trend intact.",
};

export const API_INTEGRATIONS: ServiceCard & { payloadLabel: string; payload: string } = {
  id: "api",
  title: "API & Integrations",
  description: "Receive each signal as JSON the moment it is published and route it into your own tools, bots or dashboards.",
  points: [
    "Webhooks pushed to your endpoint on every new signal",
    "API keys you can rotate from your account",
    `Webhooks and ${PLAN_RULES.institutional.apiMonthlyRequests.toLocaleString("en-US")} API requests a month included with Institutional`,
  ],
  links: [{ label: "API Docs", to: "/docs/api" }],
  payloadLabel: "Sample webhook payload",
  payload: JSON.stringify(SAMPLE_PAYLOAD, null, 2),
};

export const SERVICE_NOTICE = {
  title: "Service notice",
  body: "FX Trader provides rules-based signals, research and education for information only. We do not give investment advice, manage portfolios or act as a broker, and you place every trade yourself with a broker of your choice. All performance figures are hypothetical; past performance is not indicative of future results.",
};

export const SERVICES_CTA: { title: string; body: string; primary: CallToAction; secondary: CallToAction } = {
  title: "Not sure which service fits?",
  body: "Compare the plans side by side, or tell us how you trade and we will point you to the right setup.",
  primary: { label: "View Pricing", to: "/pricing" },
  secondary: { label: "Contact Us", to: CONTACT_PATH },
};
