/** Fixed texts of the desk's price-feed health section (app/components/admin/feed-health.tsx). */
export const FEED_HEALTH_TEXT = {
  title: "Price feed",
  stale: (symbols: readonly string[]) => `Stale price feed: no new bar for ${symbols.join(", ")} while the market is open. Open signals of these symbols are not being resolved.`,
  none: "No symbol polled yet: the feed polls symbols with a pending or active signal.",
  never: "never",
  lastBar: "last bar",
  missing: "missing minutes",
  error: "last error:",
} as const;
