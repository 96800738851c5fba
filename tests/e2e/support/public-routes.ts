/**
 * The public pages the browser specs visit (spec section 2 "Route sets"),
 * with the texts each one must show, plus small helpers shared by
 * public-pages, public-forms and accessibility specs.
 *
 * Texts are written out here (not imported from app/content) so that a
 * content change that drifts from the spec fails a test.
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Spec section 2 "Navigation bar": public links, in order. */
export const PUBLIC_NAV_LINKS = [
  "Home",
  "Strategies",
  "Services",
  "Pricing",
  "Performance",
  "Academy",
  "Tools",
  "Insights",
  "About",
] as const;

/** Spec section 2 "Footer": the risk text's three statements. */
export const FOOTER_RISK_PHRASES = [
  "forex trading involves significant risk of loss",
  "Past performance is not indicative of future results.",
  "Nothing on this website is investment advice.",
] as const;

/** The six insight categories (spec section 2 "Insights list"). */
export const INSIGHT_CATEGORY_LABELS = [
  "All Posts",
  "Strategy Notes",
  "Macro Context",
  "Risk Management",
  "Platform How-Tos",
  "Case Studies",
] as const;

export interface PublicRoute {
  /** Path, or "article" for the seeded insight article (resolved at run time). */
  path: string;
  /** The exact <title>. */
  title: string;
  /** The page's level-1 heading. */
  h1: string;
  /** Texts the main content shows, word for word from the spec (or the content module for copy the spec leaves open). */
  texts: string[];
}

export const ARTICLE = "article";

export const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: "/",
    title: "Rules-Based Forex Strategies & Signals | FX Trader",
    h1: "Trade forex with a plan, not a hunch",
    texts: [
      "Why FX Trader",
      "Methodology",
      "Risk Controls",
      "Public Ledger",
      "Evidence-Driven",
      "Risk-First",
      "Clarity",
      "Delivery",
      "Sample Signals",
      "Start Free Trial",
      "View Strategies",
      "Book a Strategy Call",
      "Strategy Highlights",
      "Win rates are computed from each strategy's closed signals in the public ledger",
    ],
  },
  {
    path: "/strategies",
    title: "Strategies & Playbooks | FX Trader",
    h1: "Strategies & Playbooks",
    texts: ["Alpha Swing", "London Breakout", "Gold Intraday", "View Strategy", "Need Help Choosing?", "Book a Strategy Call", "View Pricing"],
  },
  {
    path: "/strategies/alpha-swing",
    title: "Alpha Swing | FX Trader",
    h1: "Alpha Swing",
    texts: [
      "Balanced",
      "Start Free Trial",
      "Subscribe to This Strategy",
      "Overview",
      "Playbook",
      "Performance",
      "Signals",
      "Quick Stats",
      "Get Started",
      "Book a Strategy Call",
      "Risk Disclaimer",
    ],
  },
  {
    path: "/services",
    title: "Services | FX Trader",
    h1: "What We Offer",
    texts: [
      "Starter",
      "Pro",
      "Institutional",
      "Web portal",
      "Telegram bot",
      "MT5 order queue",
      "Webhooks",
      '"stopLoss"',
      '"takeProfit"',
      '"rationale"',
    ],
  },
  {
    path: "/pricing",
    title: "Pricing | FX Trader",
    h1: "Simple, Transparent Pricing",
    texts: [
      "$97",
      "$197",
      "$497",
      "Most Popular",
      "7-day free trial",
      "7-Day Free Trial",
      "$150 per session",
      "$75 per template",
      "No setup fees",
      "30-day refund promise",
      "A public, verifiable ledger",
      "Frequently Asked Questions",
      "Contact Sales",
    ],
  },
  {
    path: "/performance",
    title: "Performance | FX Trader",
    h1: "Performance",
    texts: [
      "Every figure on this page is computed from the closed signals in our public ledger, net of costs",
      "Live track record",
      "Closed signals",
      "Win rate",
      "Profit factor",
      "Max drawdown",
    ],
  },
  {
    path: "/academy",
    title: "Academy | FX Trader",
    h1: "FX Trader Academy",
    texts: [
      "Foundations",
      "Risk & Psychology",
      "Strategy Modules",
      "Platform Setup",
      "8 lessons · 4 hours",
      "12 lessons · 6 hours",
      "16 lessons · 8 hours",
      "6 lessons · 3 hours",
      "80%",
      "FX Trader Certification",
    ],
  },
  {
    path: "/tools",
    title: "Risk Calculators | FX Trader",
    h1: "Risk Calculators",
    texts: ["Position Size Calculator", "Risk of Ruin Estimator"],
  },
  {
    path: "/insights",
    title: "Insights | FX Trader",
    h1: "Insights & Research",
    texts: [...INSIGHT_CATEGORY_LABELS, "Featured", "Latest Insights", "Get New Insights by Email", "Subscribe"],
  },
  {
    path: ARTICLE,
    title: "", // `${post.title} | FX Trader`, filled in at run time
    h1: "",
    texts: ["Back to Insights", "5 min read", "Share", "Explore Strategies", "View Pricing"],
  },
  {
    path: "/about",
    title: "About Us | FX Trader",
    h1: "About FX Trader",
    texts: ["Our Mission", "Our Values", "Our Team", "Mon-Fri 9:00 AM-6:00 PM EST"],
  },
  {
    path: "/contact",
    title: "Contact Us | FX Trader",
    h1: "Contact Us",
    texts: [
      "Full Name",
      "Email Address",
      "Trading Experience",
      "Preferred Contact Time",
      "Trading Goals & Objectives",
      "Message",
      "Business Hours",
      "Schedule a Strategy Call",
      "free 30-minute consultation",
      "Quick Answers",
    ],
  },
];

/** Paths only (the article resolved), for specs that just visit every page. */
export async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const slug = (await seededPost(request)).slug;
  return PUBLIC_ROUTES.map((route) => (route.path === ARTICLE ? `/insights/${slug}` : route.path));
}

export interface SeededPost {
  slug: string;
  title: string;
  excerpt: string | null;
  category: string;
}

/** The newest seeded post, from the public blog API. */
export async function seededPost(request: APIRequestContext): Promise<SeededPost> {
  return (await seededPosts(request, 1))[0]!;
}

/** Up to `limit` posts from the public blog API, newest first. */
export async function seededPosts(request: APIRequestContext, limit = 20, query = ""): Promise<SeededPost[]> {
  const response = await request.get(`/api/blog?limit=${limit}${query}`);
  expect(response.status()).toBe(200);
  const posts = (await response.json()) as SeededPost[];
  expect(posts.length, "the e2e database is seeded with blog posts").toBeGreaterThan(0);
  return posts;
}

/**
 * Saves `theme` in the browser context's cookie (the form post the theme toggle
 * makes), so the next navigation renders in that theme.
 */
export async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  const response = await page.request.post("/theme", { form: { theme, returnTo: "/" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/**
 * A search word for the insights list: the longest word (4+ letters) of the
 * newest post's title that at least one other post does not contain, with
 * that post as `target` and such a post as `unrelated`.
 */
export function pickSearchWord(posts: SeededPost[]): { word: string; target: SeededPost; unrelated: SeededPost } {
  const target = posts[0]!;
  const contains = (post: SeededPost, word: string) =>
    `${post.title} ${post.excerpt ?? ""}`.toLowerCase().includes(word.toLowerCase());
  const words = target.title
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4)
    .sort((a, b) => b.length - a.length);
  const word = words.find((w) => posts.some((p) => !contains(p, w)));
  if (!word) throw new Error(`No distinctive word in "${target.title}"`);
  return { word, target, unrelated: posts.find((p) => !contains(p, word))! };
}
