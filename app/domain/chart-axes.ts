/**
 * Axis labels for the /performance charts (issue 13, journey 9), the same for
 * the server-drawn SVG and the interactive chart: "nice" y values (steps of
 * 1, 2 or 5 times a power of ten) that also fix the plotted range, and x
 * labels at month starts (or evenly spaced days for short windows), thinned
 * so no two labels overlap even on the narrowest plot (a 360 px phone).
 * Positions are percentages of the plot, so they hold at any width above it.
 * Pure: no DOM, no clock.
 */
import { formatUsd } from "~/domain/money";
import type { SeriesPoint } from "~/domain/performance-series";

export type AxisKind = "equity" | "drawdown";

export interface AxisLabel {
  text: string;
  /** Position along the axis in percent: from the top for y labels, from the left for x labels. */
  pct: number;
}

export interface ChartAxes {
  /** Bottom and top of the plotted value range (the outer y labels). */
  lo: number;
  hi: number;
  /** y labels, top to bottom. */
  y: AxisLabel[];
  /** x labels, left to right. */
  x: AxisLabel[];
}

export interface AxisLayout {
  /** Narrowest width the plot is drawn at, in CSS px (labels are thinned for it). */
  plotWidthPx: number;
  /** Height of the plot, in CSS px (at least this much room between y labels). */
  plotHeightPx: number;
  /** Label font size in CSS px. */
  fontPx: number;
}

/** The plots on /performance at a 360 px viewport are a little over 200 px wide and 190 px high; labels are 12 px. */
export const NARROWEST_LAYOUT: AxisLayout = { plotWidthPx: 200, plotHeightPx: 180, fontPx: 12 };

/** Least vertical room between two y labels, in px (a 12 px label is about 16 px high). */
const Y_LABEL_SPACING_PX = 36;
/** Least room between two x labels, in px. */
const X_LABEL_GAP_PX = 10;
/** Upper bound of a label character's width as a fraction of the font size (digits, '$', ',' and short month names). */
const CHAR_WIDTH_EM = 0.62;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The nice step (1, 2 or 5 × 10^k) that splits `span` into at most `maxIntervals` intervals. */
function niceStep(span: number, maxIntervals: number): number {
  const raw = span / Math.max(1, maxIntervals);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= raw) return factor * power;
  }
  return 10 * power;
}

/**
 * Nice ticks covering [min, max]: the first tick is at or below `min`, the
 * last at or above `max`, at most `maxIntervals` intervals apart (Heckbert,
 * "Nice numbers for graph labels", Graphics Gems, 1990, with steps 1-2-5).
 */
export function niceTicks(min: number, max: number, maxIntervals: number): number[] {
  const span = max - min || Math.abs(max) || 1;
  let step = niceStep(span, maxIntervals);
  let lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  if (hi === lo) hi = lo + step;
  // Rounding outwards can add an interval: widen the step until the count fits.
  while (Math.round((hi - lo) / step) > maxIntervals) {
    step = niceStep(step * 1.01, 1);
    lo = Math.floor(min / step) * step;
    hi = Math.ceil(max / step) * step;
  }
  const count = Math.round((hi - lo) / step);
  return Array.from({ length: count + 1 }, (_, i) => Number((lo + i * step).toPrecision(12)));
}

function yText(kind: AxisKind, value: number, step: number): string {
  if (kind === "equity") return formatUsd(value);
  const decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  return `${Math.abs(value) < 1e-9 ? (0).toFixed(decimals) : value.toFixed(decimals)}%`;
}

/** Where point `index` of `count` sits across the plot, in percent: the centre of its equal slot (as the interactive chart fits its bars). */
export function pointPct(index: number, count: number): number {
  return ((index + 0.5) / count) * 100;
}

function monthOf(time: string): number {
  return Number(time.slice(5, 7)) - 1;
}

/** Candidate x labels: each month start in the window, or for a window within about one month, about four evenly spaced days. */
function xCandidates(points: ReadonlyArray<SeriesPoint>): AxisLabel[] {
  const starts = points.flatMap((point, index) =>
    index > 0 && monthOf(point.time) !== monthOf(points[index - 1]!.time)
      ? [{ text: MONTHS[monthOf(point.time)]!, pct: pointPct(index, points.length) }]
      : [],
  );
  if (starts.length >= 2) return starts;
  const every = Math.max(1, Math.ceil(points.length / 4));
  return points.flatMap((point, index) =>
    index % every === 0 ? [{ text: `${Number(point.time.slice(8, 10))} ${MONTHS[monthOf(point.time)]}`, pct: pointPct(index, points.length) }] : [],
  );
}

/**
 * The labels that lie wholly inside the plot, thinned to every k-th one for
 * the smallest k that leaves the gap between neighbours (a regular cadence:
 * every month, every other month, ...).
 */
function thin(labels: readonly AxisLabel[], layout: AxisLayout): AxisLabel[] {
  const half = (label: AxisLabel) => ((label.text.length * layout.fontPx * CHAR_WIDTH_EM) / 2 / layout.plotWidthPx) * 100;
  const gap = (X_LABEL_GAP_PX / layout.plotWidthPx) * 100;
  const inside = labels.filter((label) => label.pct - half(label) >= 0 && label.pct + half(label) <= 100);
  for (let every = 1; every <= inside.length; every += 1) {
    const kept = inside.filter((_, index) => index % every === 0);
    const clear = kept.every((label, index) => index === 0 || label.pct - half(label) >= kept[index - 1]!.pct + half(kept[index - 1]!) + gap);
    if (clear) return kept;
  }
  return [];
}

/**
 * The axes of a chart of `points` (oldest first): the y range and labels
 * (equity in whole dollars, drawdown in percent with 0% on top) and the x
 * labels, laid out for `layout` so none overlap.
 * @returns `{lo, hi, y, x}`; for no points, an empty axis over [0, 1].
 */
export function chartAxes(points: ReadonlyArray<SeriesPoint>, kind: AxisKind, layout: AxisLayout = NARROWEST_LAYOUT): ChartAxes {
  if (points.length === 0) return { lo: 0, hi: 1, y: [], x: [] };
  const values = points.map((point) => point.value);
  const min = Math.min(...values);
  const max = kind === "drawdown" ? 0 : Math.max(...values);
  const maxIntervals = Math.max(1, Math.floor(layout.plotHeightPx / Y_LABEL_SPACING_PX));
  const ticks = niceTicks(min, max, maxIntervals);
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1;
  const y = [...ticks].reverse().map((value) => ({ text: yText(kind, value, step), pct: ((hi - value) / (hi - lo)) * 100 }));
  return { lo, hi, y, x: thin(xCandidates(points), layout) };
}

/**
 * The indices of the points a sparkline draws, in order: every index when
 * there are at most `maxPoints` values; else the first and the last, and in
 * each of `maxPoints / 2` equal runs of values the lowest and the highest, so
 * peaks and troughs (the deepest drawdown) survive the thinning.
 * @param values the series' values.
 * @param maxPoints the most indices to return (at least 4); about two per pixel pair of the drawn width is plenty.
 * @returns ascending indices into `values`, at most `maxPoints` of them.
 */
export function sparklineIndices(values: ReadonlyArray<number>, maxPoints: number): number[] {
  const count = values.length;
  if (count <= maxPoints) return Array.from({ length: count }, (_, i) => i);
  const buckets = Math.floor((maxPoints - 2) / 2);
  const kept = new Set<number>([0, count - 1]);
  for (let b = 0; b < buckets; b += 1) {
    const start = 1 + Math.floor((b * (count - 2)) / buckets);
    const end = 1 + Math.floor(((b + 1) * (count - 2)) / buckets);
    let lo = start;
    let hi = start;
    for (let i = start; i < end; i += 1) {
      if (values[i] < values[lo]) lo = i;
      if (values[i] > values[hi]) hi = i;
    }
    if (start < end) {
      kept.add(lo);
      kept.add(hi);
    }
  }
  return [...kept].sort((a, b) => a - b);
}

/** A sparkline's viewBox in units, and the most points it draws: two per 10 units of its width, finer than any phone or card shows it. */
export const SPARKLINE = { width: 600, height: 200, maxPoints: 120 } as const;

/** The two SVG paths of a sparkline in the SPARKLINE viewBox. */
export interface SparklineGeometry {
  /** The series as a polyline: `M x y L x y …`. */
  line: string;
  /** The line closed down to the base (the bottom for equity, the zero line for drawdown), for the fill. */
  area: string;
}

/** A coordinate rounded to 0.1 unit of the viewBox, as short as it prints. */
function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The paths of a sparkline of `points` (oldest first): the value range
 * `axes.lo`..`axes.hi` spans the viewBox top to bottom, each point sits in the
 * centre of its slot (`pointPct`, as the interactive chart fits them), and at
 * most SPARKLINE.maxPoints are drawn (`sparklineIndices` keeps each run's
 * lowest and highest). Coordinates are rounded to 0.1 unit.
 * @param points at least one point (value: equity in USD or drawdown in percent), as `chartAxes` takes them.
 */
export function sparklineGeometry(points: ReadonlyArray<SeriesPoint>, kind: AxisKind, axes: Pick<ChartAxes, "lo" | "hi">): SparklineGeometry {
  const values = points.map((point) => point.value);
  const x = (i: number) => round1((pointPct(i, values.length) / 100) * SPARKLINE.width);
  const y = (v: number) => round1(((axes.hi - v) * SPARKLINE.height) / (axes.hi - axes.lo));
  const drawn = sparklineIndices(values, SPARKLINE.maxPoints);
  const line = `M${drawn.map((i) => `${x(i)} ${y(values[i]!)}`).join("L")}`;
  const baseY = kind === "equity" ? SPARKLINE.height : y(0);
  return { line, area: `${line}L${x(values.length - 1)} ${baseY}L${x(0)} ${baseY}Z` };
}
