/**
 * Where the Help Center lives and the articles other pages link to: what
 * those pages need, kept apart from the Help Center's own texts
 * (./help-center.ts) so that they do not load them.
 */

export const HELP_PATH = "/help";
/** An article's path, `/help/<slug>`. */
export const helpArticlePath = (slug: string) => `${HELP_PATH}/${slug}`;

/** The articles other pages link to, by slug: each must exist in app/content/help (tests/integration/help-center.test.ts checks). */
export const HELP_LINKS = {
  webhooks: "webhooks",
  twoFactor: "two-factor-and-recovery-codes",
  calculators: "calculators",
  apiKeys: "api-keys-and-the-api",
  billing: "billing-and-cancelling",
  telegram: "telegram-alerts",
  ledger: "verify-the-ledger",
  mt5: "mt5-expert-advisor",
  push: "web-push-alerts",
} as const;
