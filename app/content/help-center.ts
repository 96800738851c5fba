/**
 * Fixed texts of the Help Center (/help, /help/<slug>): its categories, in
 * page order, and the labels of its pages. Articles are Markdown files in
 * app/content/help/<slug>.md (front matter `title`, `summary`, `category`,
 * `order`); help-articles.server.ts reads them.
 */

export { HELP_LINKS, HELP_PATH, helpArticlePath } from "./help-paths";

/** The categories, in the order /help shows them. */
export const HELP_CATEGORIES = [
  { id: "getting-started", title: "Getting started", description: "Your account, the plans and the strategies you follow." },
  { id: "alerts", title: "Signal alerts", description: "Every way a signal can reach you: email, Telegram, web push, webhooks and MetaTrader 5." },
  { id: "tools", title: "Tools and the API", description: "The calculators, API keys and the JSON API." },
  { id: "account", title: "Account, security and billing", description: "Two-factor sign-in, recovery codes, your plan and cancelling." },
  { id: "trust", title: "Track record and the ledger", description: "How the record is kept and how to check it yourself." },
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]["id"];

export const HELP_PAGE = {
  title: "Help Center",
  description: "Answers about FX Trader: getting started, plans, every alert channel, the calculators, the API, security, billing and checking the ledger yourself.",
  lead: "Short answers about using FX Trader. Search, or browse by topic.",
  searchLabel: "Search the Help Center",
  searchPlaceholder: "e.g. webhook signature, recovery code, cancel",
  searchButton: "Search",
  resultsFor: (query: string, count: number) => `${count} ${count === 1 ? "article matches" : "articles match"} “${query}”`,
  noResults: "No article matches your search. Try other words, or browse the topics below.",
  clearSearch: "Show all articles",
  queryTooLong: "Search for at most 100 characters.",
  contactLead: "Still stuck?",
  contactLink: "Write to us",
  statusLead: "Alerts late?",
  statusLink: "See the Status Page",
} as const;

export const HELP_ARTICLE_PAGE = {
  back: "All help articles",
  categoryLabel: "Topic",
  helpfulQuestion: "Was this article helpful?",
  yes: "Yes",
  no: "No",
  thanks: "Thank you for your answer.",
  counts: (yes: number, no: number) => `${yes} found it helpful, ${no} did not.`,
  rateLimited: "Too many answers from your connection. Try again later.",
  invalid: "Choose Yes or No.",
  notFoundTitle: "Article not found",
  notFoundMessage: "There is no help article at this address.",
  failed: "This article could not be loaded. Please try again.",
  related: "Read the help article",
} as const;
