/**
 * Performance series helpers: the drawdown below a running peak and
 * locale-free formatting of days and percentages. Pure: no I/O, no clock.
 */

/** One point of a daily series. */
export interface SeriesPoint {
  /** Trading day, `YYYY-MM-DD` (UTC). */
  time: string;
  value: number;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * The fraction below the running peak at each value, unrounded:
 *   peak_k = max(v_0..v_k);  dd_k = (v_k − peak_k) / peak_k   (0 while peak_k ≤ 0)
 * 0 at a new high, negative below it (the usual peak-to-trough drawdown,
 * e.g. Bacon, "Practical Portfolio Performance Measurement and Attribution", ch. 4).
 * @param values equity values in any one unit, oldest first.
 * @returns one fraction per value, in [−1, 0] for equity ≥ 0 (−0.082 is 8.2% below the peak).
 */
export function fractionBelowPeak(values: ArrayLike<number>): number[] {
  let peak = Number.NEGATIVE_INFINITY;
  const fractions: number[] = new Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const value = values[k]!;
    peak = Math.max(peak, value);
    fractions[k] = peak > 0 ? (value - peak) / peak : 0;
  }
  return fractions;
}

/** "30 Oct 2026" from `2026-10-30` (locale-free, so server and browser agree). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

/** A signed percentage: "+2.4%", "-1.9%", "0.0%" (anything that rounds to zero is unsigned). */
export function formatPct(value: number, decimals = 1): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return `${(0).toFixed(decimals)}%`;
  return `${value < 0 ? "-" : "+"}${text}%`;
}
