/**
 * About page content (spec section 2 "About"; contact facts from section 9).
 */
import { SUPPORT_CARD } from "./contact";
import { CLAIMS, type ClaimId } from "./claims";
import { CONTACT_PATH, type CallToAction } from "./pricing";

export const ABOUT_META = {
  title: "About Us",
  description:
    "FX Trader builds rules-based forex strategies with published rules, hard risk controls and a track record anyone can check. Meet the teams behind the signals.",
};

export const ABOUT_INTRO = {
  title: "About FX Trader",
  lead: "We are traders, researchers and engineers who believe systematic trading should be transparent: clear rules, visible risk and results anyone can check.",
};

export const MISSION = {
  title: "Our Mission",
  body: "To make rules-based forex trading understandable and accountable. We publish the rules behind every strategy, attach a stop loss and a rationale to every signal, and report results with their drawdowns, so that traders can decide for themselves whether a strategy fits them.",
  scope:
    "We provide signals, research, education and tools. We do not give personal investment advice, manage portfolios or act as a broker.",
};

export interface Value {
  title: string;
  description: string;
}

export const VALUES_SECTION = { title: "Our Values" };

export const VALUES: Value[] = [
  {
    title: "Transparency",
    description: "Rules, assumptions and costs are written down. If a strategy changes, we say what changed and why.",
  },
  {
    title: "Discipline",
    description: "Signals follow the rules even when a trade feels obvious, and strategies stand aside when their filters say so.",
  },
  {
    title: "Education",
    description: "We would rather you understand a setup than copy it blindly, so every signal explains its reasoning.",
  },
  {
    title: "Accountability",
    description: "Losing trades stay in the record: every figure folds from a public ledger that anyone can check against a checkpoint they keep.",
  },
];

interface TeamGroup {
  name: string;
  description: string;
  responsibilities: string[];
}

export const TEAM_SECTION = {
  title: "Our Team",
  lead: "Four groups work together on every strategy, from the first backtest to the signal on your screen.",
};

export const TEAM_GROUPS: TeamGroup[] = [
  {
    name: "Strategy Research",
    description: "Designs, backtests and monitors the strategies.",
    responsibilities: ["Backtests on 5 or more years of data", "Cost modelling for spreads, commission and slippage", "Publishing signals"],
  },
  {
    name: "Risk & Compliance",
    description: "Sets the risk limits every strategy must respect and reviews how we describe results.",
    responsibilities: ["Risk per trade and exposure caps", "Performance verification", "Disclosures and disclaimers"],
  },
  {
    name: "Education",
    description: "Builds the academy curriculum, its lessons and quizzes.",
    responsibilities: ["Curriculum tracks", "Lessons and trade reviews", "Mentorship sessions"],
  },
  {
    name: "Engineering & Support",
    description: "Runs the platform, the alert channels and the help desk.",
    responsibilities: ["Portal, email and Telegram delivery", "The MT5 order queue and webhooks", "Member support"],
  },
];

interface Partner {
  name: string;
  description: string;
  /** The registered claim (app/content/claims.ts) it makes, when its truth depends on the server. */
  claim?: ClaimId;
}

export const PARTNERS_SECTION = {
  title: "Partners & Integrations",
  lead: "The independent services and platforms our members rely on.",
};

export const PARTNERS: Partner[] = [
  {
    name: "A ledger you can check",
    description: "Every signal event is in a public, hash-chained ledger with signed checkpoints; keep one and the ledger:witness tool tells you if history was ever rewritten.",
  },
  { name: "MetaTrader 5", description: CLAIMS.mt5Queue.text, claim: "mt5Queue" },
  { name: "Telegram", description: CLAIMS.telegramPartner.text, claim: "telegramPartner" },
  { name: "Payment processing", description: CLAIMS.paymentProcessing.text, claim: "paymentProcessing" },
];

export interface ContactDetail {
  label: string;
  value: string;
  /** Optional link target (mailto: or a page). */
  href?: string;
}

export const CONTACT_SECTION = { title: "Contact Details" };

export const CONTACT_DETAILS: ContactDetail[] = [
  { label: "Email", value: SUPPORT_CARD.email, href: `mailto:${SUPPORT_CARD.email}` },
  { label: "Business hours", value: "Mon-Fri 9:00 AM-6:00 PM EST" },
  { label: "Response time", value: "Within 24 hours; 4 hours for technical support in business hours" },
  { label: "Contact form", value: "Send us a message", href: CONTACT_PATH },
];

export const ABOUT_CTA: { title: string; body: string; actions: CallToAction[] } = {
  title: "Talk to the team",
  body: "Questions about a strategy, a plan or an integration? We read every message.",
  actions: [
    { label: "Contact Us", to: CONTACT_PATH },
    { label: "View Pricing", to: "/pricing" },
    { label: "Explore Strategies", to: "/strategies" },
  ],
};
