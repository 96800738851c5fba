/**
 * Where the legal pages live and the one-line risk warning linking to one of them: what
 * every page's navigation and footer need, kept apart from the pages' own texts
 * (./legal-pages.ts) so that every page does not load those.
 */

/** The legal documents, in footer order; each is `app/content/legal/<slug>/<version>.md`. */
export const LEGAL_SLUGS = ["risk-warning", "terms", "privacy", "disclaimers"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** Where each legal page lives. */
export const LEGAL_PATHS: Record<LegalSlug, string> = {
  "risk-warning": "/legal/risk-warning",
  terms: "/legal/terms",
  privacy: "/legal/privacy",
  disclaimers: "/legal/disclaimers",
};

/** The one-line risk warning (footer, signal emails and Telegram messages, pricing and plan pages) and its link. */
export const RISK_LINE = {
  text: "Trading leveraged forex and CFDs carries a high risk of losing money; signals are general information, not advice.",
  linkLabel: "Read the risk warning",
  path: LEGAL_PATHS["risk-warning"],
} as const;
