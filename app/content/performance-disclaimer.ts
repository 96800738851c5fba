/**
 * The one performance disclaimer, shown wherever sample performance figures
 * appear: under the /performance overview, under a strategy's sample figures
 * and in the portal. Its own module so pages that show it do not load the rest
 * of the performance content.
 */
export const PERFORMANCE_DISCLAIMER =
  "All figures on this page are hypothetical. They come from backtested and simulated trading of a sample portfolio with the stated cost assumptions, not from a real account, and they are fixed sample figures rather than live data. Past performance, real or hypothetical, is not indicative of future results. Forex trading involves significant risk of loss.";
