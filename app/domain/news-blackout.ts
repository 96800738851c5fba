/**
 * The news blackout (docs/decisions/0054-news-blackout.md): around each
 * high-impact release of the economic calendar, alerts of new signals on a
 * pair that trades the release's currency are held until the window ends.
 * Pure: no I/O, no clock (callers pass `now`).
 */

/** How long before a release its window opens (ms). */
export const BLACKOUT_BEFORE_MS = 15 * 60_000;
/** How long after a release its window stays open (ms). */
export const BLACKOUT_AFTER_MS = 15 * 60_000;

/** One release of the economic calendar. */
export interface NewsRelease {
  releasedAt: Date;
  /** ISO 4217 code, e.g. USD. */
  currency: string;
}

/**
 * When the blackout that covers `now` for `symbol` ends: the windows
 * (`releasedAt` − 15 min to `releasedAt` + 15 min) of the releases whose
 * currency is part of the symbol (USD for EURUSD, XAUUSD, USDJPY) are joined
 * where they overlap or touch, and the end of the joined window containing
 * `now` is returned.
 * @param releases the calendar around `now` (any order).
 * @param symbol a six-letter pair such as EURUSD.
 * @returns the end of the window, or null when `now` is in none.
 */
export function blackoutEnd(releases: readonly NewsRelease[], symbol: string, now: Date): Date | null {
  const pair = symbol.toUpperCase();
  const windows = releases
    .filter((r) => pair.includes(r.currency.toUpperCase()))
    .map((r) => ({ start: r.releasedAt.getTime() - BLACKOUT_BEFORE_MS, end: r.releasedAt.getTime() + BLACKOUT_AFTER_MS }))
    .sort((a, b) => a.start - b.start);
  const at = now.getTime();
  let current: { start: number; end: number } | null = null;
  for (const window of windows) {
    if (current && window.start <= current.end) {
      current.end = Math.max(current.end, window.end);
      continue;
    }
    if (current && current.start <= at && at < current.end) break;
    current = { ...window };
  }
  return current && current.start <= at && at < current.end ? new Date(current.end) : null;
}
