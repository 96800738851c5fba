/**
 * The /performance page's state: which tab and period a URL asks for, the URL
 * of each, and the record's daily series as the page sends it. Pure.
 */
import { CHART_PERIODS, DEFAULT_PERIOD, DEFAULT_TAB, PERFORMANCE_TABS, type ChartPeriod, type PerformanceTab } from "~/content/performance";
import type { RecordBasis } from "./record-basis";
import type { DayEquityPoint } from "./track-record";

function isTab(value: string): value is PerformanceTab {
  return PERFORMANCE_TABS.some((tab) => tab.id === value);
}

function isPeriod(value: string): value is ChartPeriod {
  return CHART_PERIODS.some((period) => period.id === value);
}

/** Reads `?tab=` and `?period=` (case-insensitive); anything missing or unknown falls back to the defaults. */
export function parsePerformanceParams(searchParams: URLSearchParams): { tab: PerformanceTab; period: ChartPeriod } {
  const tab = (searchParams.get("tab") ?? "").trim().toLowerCase();
  const period = (searchParams.get("period") ?? "").trim().toUpperCase();
  return { tab: isTab(tab) ? tab : DEFAULT_TAB, period: isPeriod(period) ? period : DEFAULT_PERIOD };
}

/**
 * The URL of a tab and chart period on /performance (both always explicit, so
 * links preserve each other), with the record's basis when it is not the default live.
 */
export function performanceHref(tab: PerformanceTab, period: ChartPeriod, basis: RecordBasis = "live"): string {
  return `/performance?tab=${tab}&period=${period}${basis === "live" ? "" : `&basis=${basis}`}`;
}

/**
 * The live record's daily series as the page sends it: equity rounded to
 * cents (USD) and the drawdown to 0.01 percentage points, which is finer
 * than anything the page shows (whole dollars, one decimal of a percent) and
 * about a third smaller as loader data.
 * @param days `{time: "YYYY-MM-DD", equity, drawdownPct}` per day, oldest first.
 * @returns the same days in the same order, rounded.
 */
export function roundedDays(days: ReadonlyArray<DayEquityPoint>): DayEquityPoint[] {
  return days.map((day) => ({
    time: day.time,
    equity: Math.round(day.equity * 100) / 100,
    drawdownPct: Math.round(day.drawdownPct * 100) / 100,
  }));
}
