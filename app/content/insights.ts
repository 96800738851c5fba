/**
 * Fixed content of the insights list (spec section 2 "Insights list"):
 * categories, the three featured items, the newsletter box and the page's
 * headings. The article page's copy is in ./insight-article.
 */

export interface InsightCategory {
  /** Button label, as in the spec. */
  label: string;
  /** `?category=` value; null for All Posts (no filter). */
  slug: string | null;
  /** The blog_posts.category value it filters on; null for All Posts. */
  category: string | null;
}

/** Spec section 2: All Posts, Strategy Notes, Macro Context, Risk Management, Platform How-Tos, Case Studies. */
export const INSIGHT_CATEGORIES: readonly InsightCategory[] = [
  { label: "All Posts", slug: null, category: null },
  { label: "Strategy Notes", slug: "strategy-notes", category: "Strategy Notes" },
  { label: "Macro Context", slug: "macro-context", category: "Macro Context" },
  { label: "Risk Management", slug: "risk-management", category: "Risk Management" },
  { label: "Platform How-Tos", slug: "platform-how-tos", category: "Platform How-Tos" },
  { label: "Case Studies", slug: "case-studies", category: "Case Studies" },
];

interface FeaturedInsight {
  title: string;
  description: string;
  category: string;
  /** Where the item leads: an existing page of the site. */
  to: string;
  cta: string;
}

/** Spec section 2: three hard-coded featured items. */
export const FEATURED_INSIGHTS: readonly FeaturedInsight[] = [
  {
    title: "How We Build a Rules-Based Strategy",
    description:
      "From hypothesis to live signals: the data, cost assumptions and out-of-sample checks every strategy passes before it is published.",
    category: "Strategy Notes",
    to: "/performance",
    cta: "Read the methodology",
  },
  {
    title: "Position Sizing Before Entry",
    description:
      "Decide the risk first, then the lot size. Our free calculators show how much to trade so a stop-out costs exactly what you planned.",
    category: "Risk Management",
    to: "/tools",
    cta: "Open the calculators",
  },
  {
    title: "Start With the Foundations Track",
    description:
      "New to systematic trading? Eight short lessons cover market structure, order types and the habits that keep losses small.",
    category: "Platform How-Tos",
    to: "/academy",
    cta: "Visit the academy",
  },
];

/** The newsletter box on /insights. */
export const NEWSLETTER_COPY = {
  title: "Get New Insights by Email",
  description: "Strategy notes, macro context and risk management ideas, straight to your inbox. No spam; unsubscribe any time.",
  emailLabel: "Email address",
  placeholder: "you@example.com",
  button: "Subscribe",
  pending: "Subscribing...",
  successTitle: "Subscribed",
  successMessage: "Thanks! You're on the list for new insights.",
  invalidEmail: "Enter a valid email address",
  unknownForm: "Unknown form. Please try again.",
  tooMany: "Too many sign-ups from your network.",
} as const;

/** The list page's heading copy. */
export const INSIGHTS_COPY = {
  title: "Insights & Research",
  description: "Strategy notes, macro context, risk management and platform guides from the FX Trader research desk.",
  searchLabel: "Search insights",
  searchPlaceholder: "Search insights...",
  featuredHeading: "Featured",
  latestHeading: "Latest Insights",
  emptyTitle: "No insights found",
  emptySearchHint: "Try adjusting your search terms",
  emptyHint: "Check back soon for new content",
} as const;
