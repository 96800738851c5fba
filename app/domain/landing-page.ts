/**
 * The landing page's view of its content: what the page shows, with prices
 * and badge variants already worked out, so the browser needs no formatting
 * code for this page.
 */
import type { LandingPageContent } from "~/content/landing";
import type { ClaimId } from "~/content/claims";
import { formatPrice, riskBadgeVariant } from "~/domain/signal-display";

/**
 * @param content `LANDING_PAGE` from ~/content/landing.
 * @param holding ids of the registered claims that hold on this server (`claimsThatHold`): a trust badge making any other claim is left out.
 * @returns the same content; sample signal prices become strings with the instrument's decimals
 *   (`formatPrice`), and each strategy highlight gains `riskVariant` (`riskBadgeVariant` of its risk class).
 */
export function landingPageView(content: LandingPageContent, holding: readonly ClaimId[]) {
  const sample = content.liveSignalsSample;
  return {
    ...content,
    trustBadges: content.trustBadges.filter((badge) => badge.claim === undefined || holding.includes(badge.claim)),
    liveSignalsSample: {
      ...sample,
      rows: sample.rows.map((row) => ({
        ...row,
        entry: formatPrice(row.symbol, row.entry),
        stopLoss: formatPrice(row.symbol, row.stopLoss),
        takeProfit: formatPrice(row.symbol, row.takeProfit),
      })),
    },
    strategyHighlights: content.strategyHighlights.map((strategy) => ({ ...strategy, riskVariant: riskBadgeVariant(strategy.riskClass) })),
  };
}

/** What the landing page component renders (`landingPageView`'s result). */
export type LandingPageView = ReturnType<typeof landingPageView>;
