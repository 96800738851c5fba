/**
 * Performance series maths: a deterministic daily equity series pinned to
 * monthly returns, the drawdown below its running peak, chart windows and
 * their summaries, compounding, and locale-free formatting of days and
 * percentages. Pure: no I/O, no clock.
 *
 * Determinism: the generator uses only integer arithmetic, +, -, *, / and
 * Math.sqrt/abs/round (all exactly specified by IEEE 754 / ECMAScript), never
 * Math.exp/log/sin, whose last bits may differ between JavaScript engines, so
 * the server and every browser compute the same series (hydration needs that).
 */
import type { EquitySeriesSpec, MonthlyReturn } from "~/content/performance";

/** One point of a daily series. */
export interface SeriesPoint {
  /** Trading day, `YYYY-MM-DD` (UTC). */
  time: string;
  value: number;
}


const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** Mulberry32: a tiny deterministic PRNG using 32-bit integer arithmetic only. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An approximately standard normal draw (Irwin-Hall: the sum of 12 uniforms, minus 6). */
function normal(random: () => number): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += random();
  return sum - 6;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Weekdays from `start` to `end` inclusive (FX trades Monday to Friday). */
function tradingDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += DAY_MS) {
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(isoDay(ms));
  }
  return days;
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

type NoiseShape = "free" | "below" | "above";
interface Anchor {
  time: string;
  value: number;
  /** How noise may bend the path in the segment that ends at this anchor. */
  shape: NoiseShape;
}

function buildAnchors(days: ReadonlyArray<string>, spec: EquitySeriesSpec): Anchor[] {
  const anchors: Anchor[] = [{ time: days[0]!, value: spec.startingEquityUsd, shape: "free" }];
  const { drawdown } = spec;
  let equity = spec.startingEquityUsd;
  let peak = 0;
  for (const { month, returnPct } of spec.monthlyReturns) {
    const monthDays = days.filter((day) => day.startsWith(month));
    const monthEnd = monthDays[monthDays.length - 1]!;
    if (drawdown.peakDate.startsWith(month)) {
      // Segments on both sides of the peak may only bend below it.
      peak = equity * (1 + drawdown.peakGainOverPriorMonthEnd);
      anchors.push({ time: drawdown.peakDate, value: peak, shape: "below" });
      equity *= 1 + returnPct / 100;
      anchors.push({ time: monthEnd, value: equity, shape: "below" });
      continue;
    }
    if (drawdown.troughDate.startsWith(month)) {
      // Segments on both sides of the trough may only bend above it.
      const depth = -drawdown.maxDrawdownPct / 100;
      anchors.push({ time: drawdown.troughDate, value: peak * (1 - depth), shape: "above" });
      equity *= 1 + returnPct / 100;
      anchors.push({ time: monthEnd, value: equity, shape: "above" });
      continue;
    }
    equity *= 1 + returnPct / 100;
    anchors.push({ time: monthEnd, value: equity, shape: "free" });
  }
  return anchors;
}

/**
 * A daily equity series in USD (one point per weekday, to the cent) that
 * starts at `spec.startingEquityUsd`, closes each month on its compounded
 * return, and peaks and bottoms where `spec.drawdown` says. Between anchors
 * the path is a seeded Brownian bridge, so the same spec always gives the same series.
 */
export function buildEquitySeries(spec: EquitySeriesSpec): SeriesPoint[] {
  const days = tradingDays(spec.startDate, spec.endDate);
  const anchors = buildAnchors(days, spec);
  const random = mulberry32(spec.seed);
  const points: SeriesPoint[] = [{ time: days[0]!, value: roundCents(anchors[0]!.value) }];
  for (let a = 1; a < anchors.length; a++) {
    const from = anchors[a - 1]!;
    const to = anchors[a]!;
    const start = days.indexOf(from.time);
    const n = days.indexOf(to.time) - start;
    // A Brownian bridge: a random walk pinned to zero at both anchors.
    const walk = [0];
    for (let k = 1; k <= n; k++) walk.push(walk[k - 1]! + spec.dailyNoise * normal(random));
    for (let k = 1; k <= n; k++) {
      let bend = walk[k]! - (k / n) * walk[n]!;
      if (to.shape === "below" || from.shape === "below") bend = -Math.abs(bend);
      if (to.shape === "above" || from.shape === "above") bend = Math.abs(bend);
      const trend = from.value + ((to.value - from.value) * k) / n;
      points.push({ time: days[start + k]!, value: roundCents(trend * (1 + bend)) });
    }
  }
  return points;
}

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

/** Percent below the running peak at each point (0 at a new high, negative otherwise), two decimals. */
export function drawdownSeries(equity: ReadonlyArray<SeriesPoint>): SeriesPoint[] {
  const drawdowns = fractionBelowPeak(equity.map((point) => point.value));
  return equity.map(({ time }, i) => {
    const drawdown = Math.round(drawdowns[i]! * 10_000) / 100;
    return { time, value: drawdown === 0 ? 0 : drawdown };
  });
}

/**
 * The part of `series` a chart window shows: the last `sessions` trading days
 * plus the close before them (the baseline the change is measured from), or
 * the whole series when `sessions` is null. Always ends at the last point.
 */
export function lastSessions<T>(sessions: number | null, series: ReadonlyArray<T>): T[] {
  if (sessions === null) return series.slice();
  return series.slice(Math.max(0, series.length - (sessions + 1)));
}

interface WindowSummary {
  startTime: string;
  endTime: string;
  start: number;
  end: number;
  /** Percentage change from start to end. */
  changePct: number;
  min: number;
  max: number;
}

/** First, last, lowest and highest values of a non-empty window, and the percentage change from first to last. */
export function summarizeWindow(points: ReadonlyArray<SeriesPoint>): WindowSummary {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  let min = first.value;
  let max = first.value;
  for (const { value } of points) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return {
    startTime: first.time,
    endTime: last.time,
    start: first.value,
    end: last.value,
    changePct: first.value === 0 ? 0 : ((last.value - first.value) / first.value) * 100,
    min,
    max,
  };
}

/** A month's return with the equity at its last trading day. */
export interface MonthlyBreakdownRow extends MonthlyReturn {
  /** Equity at the month's last trading day, from the daily series (NaN when the series has no day in the month). */
  endEquity: number;
}

/** `months` with each month's closing equity taken from the daily `equity` series. */
export function monthlyBreakdown(
  months: ReadonlyArray<MonthlyReturn>,
  equity: ReadonlyArray<SeriesPoint>
): MonthlyBreakdownRow[] {
  return months.map((row) => {
    let endEquity = Number.NaN;
    for (const point of equity) if (point.time.startsWith(row.month)) endEquity = point.value;
    return { ...row, endEquity };
  });
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
