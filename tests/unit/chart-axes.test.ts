import { describe, expect, it } from "vitest";
import { chartAxes, NARROWEST_LAYOUT, niceTicks, pointPct } from "~/domain/chart-axes";
import type { SeriesPoint } from "~/domain/performance-series";

/** Weekday points from `start` (YYYY-MM-DD), `count` of them, with values from `value(i)`. */
function series(start: string, count: number, value: (i: number) => number): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  while (points.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) points.push({ time: day.toISOString().slice(0, 10), value: value(points.length) });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return points;
}

/** Whether two labels, as the layout measures them, overlap. */
function overlaps(a: { text: string; pct: number }, b: { text: string; pct: number }): boolean {
  const half = (label: { text: string }) => ((label.text.length * NARROWEST_LAYOUT.fontPx * 0.62) / 2 / NARROWEST_LAYOUT.plotWidthPx) * 100;
  return Math.abs(a.pct - b.pct) < half(a) + half(b);
}

describe("niceTicks", () => {
  it("covers the range with steps of 1, 2 or 5 times a power of ten", () => {
    expect(niceTicks(100_000, 118_654, 5)).toEqual([100_000, 105_000, 110_000, 115_000, 120_000]);
    expect(niceTicks(-7.3, 0, 5)).toEqual([-8, -6, -4, -2, 0]);
    expect(niceTicks(0.2, 0.9, 4)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  });

  it("never exceeds the allowed number of intervals", () => {
    for (const [min, max, n] of [[98_765, 131_234, 3], [1, 9, 2], [-19.9, 0, 4], [100, 100, 4]] as const) {
      const ticks = niceTicks(min, max, n);
      expect(ticks.length - 1, `${min}..${max}`).toBeLessThanOrEqual(n);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe("chartAxes", () => {
  const year = series("2025-11-24", 252, (i) => 100_000 + i * 74.8);

  it("labels the y axis with round dollars that bound the curve, so the last value never sits on a tick ($118,654 vs $120,000)", () => {
    const axes = chartAxes(year, "equity");
    expect(axes.y.map((label) => label.text)).toEqual(["$120,000", "$115,000", "$110,000", "$105,000", "$100,000"]);
    expect(axes.lo).toBe(100_000);
    expect(axes.hi).toBe(120_000);
    expect(axes.y.map((label) => label.pct)).toEqual([0, 25, 50, 75, 100]);
  });

  it("labels month starts on the x axis, with no two labels overlapping at the narrowest plot and none past its edges", () => {
    const axes = chartAxes(year, "equity");
    expect(axes.x.length).toBeGreaterThanOrEqual(3);
    for (const label of axes.x) expect(label.text).toMatch(/^[A-Z][a-z]{2}$/);
    for (let i = 1; i < axes.x.length; i += 1) expect(overlaps(axes.x[i - 1]!, axes.x[i]!)).toBe(false);
    for (const label of axes.x) {
      expect(label.pct).toBeGreaterThan(0);
      expect(label.pct).toBeLessThan(100);
    }
  });

  it("keeps a regular cadence of months (every month, every other month, ...)", () => {
    const months = chartAxes(year, "equity").x.map((label) => ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(label.text));
    const steps = months.slice(1).map((month, i) => (month - months[i]! + 12) % 12);
    expect(new Set(steps).size).toBe(1);
  });

  it("labels a one-week window with days, not stray day numbers", () => {
    const week = series("2026-11-16", 5, (i) => 118_000 + i * 100);
    const axes = chartAxes(week, "equity");
    for (const label of axes.x) expect(label.text).toMatch(/^\d{1,2} [A-Z][a-z]{2}$/);
    for (let i = 1; i < axes.x.length; i += 1) expect(overlaps(axes.x[i - 1]!, axes.x[i]!)).toBe(false);
    expect(axes.x.length).toBeGreaterThanOrEqual(1);
  });

  it("puts 0% on top of the drawdown axis", () => {
    const axes = chartAxes(series("2026-01-05", 63, (i) => -((i % 20) * 0.3)), "drawdown");
    expect(axes.hi).toBe(0);
    expect(axes.y[0]).toEqual({ text: "0%", pct: 0 });
    expect(axes.y.at(-1)!.text).toMatch(/^-\d+%$/);
  });

  it("keeps y labels at least 36 px apart on a 180 px plot", () => {
    const axes = chartAxes(series("2026-01-05", 63, (i) => 100_000 + (i % 7) * 3_000), "equity");
    const gaps = axes.y.slice(1).map((label, i) => ((label.pct - axes.y[i]!.pct) / 100) * NARROWEST_LAYOUT.plotHeightPx);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(36);
  });

  it("places each point in the centre of its slot", () => {
    expect(pointPct(0, 4)).toBe(12.5);
    expect(pointPct(3, 4)).toBe(87.5);
  });

  it("has no labels without points", () => {
    expect(chartAxes([], "equity")).toEqual({ lo: 0, hi: 1, y: [], x: [] });
  });
});
