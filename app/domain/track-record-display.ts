/**
 * Small display helpers of the live track record, apart from ./track-record.ts
 * so a page that shows figures does not load the track-record maths (and
 * the instrument catalogue it needs) with them.
 */
import type { RecordBasis } from "./record-basis";

/** Where the trades CSV of a strategy slug (or `all`) on `basis` (default live) is served. */
export function tradesCsvPath(slug: string, basis: RecordBasis = "live"): string {
  return `/api/strategies/${encodeURIComponent(slug)}/trades.csv${basis === "live" ? "" : `?basis=${basis}`}`;
}

/** An R multiple for display: "+1.25R", "-0.80R", "0.00R"; "—" for null. */
export function formatR(value: number | null, decimals = 2): string {
  if (value === null) return "—";
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return `${(0).toFixed(decimals)}R`;
  return `${value < 0 ? "-" : "+"}${text}R`;
}
