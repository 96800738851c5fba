/**
 * Fixed texts of /performance (spec section 2 "Performance"): its tabs, chart
 * periods and lead. No result figure is written here: every figure on the page
 * is the record's, folded from the ledger (docs/decisions/0150).
 *
 * The Methodology, Verification and Disclaimers tabs' texts and the cost
 * assumptions are in ./performance-info.ts.
 */

/* ------------------------------------------------------------------ */
/* Tabs and chart periods                                              */
/* ------------------------------------------------------------------ */

export type PerformanceTab = "overview" | "methodology" | "verification" | "disclaimers";

export const PERFORMANCE_TABS: ReadonlyArray<{ id: PerformanceTab; label: string }> = [
  { id: "overview", label: "Overview" },
  { id: "methodology", label: "Methodology" },
  { id: "verification", label: "Verification" },
  { id: "disclaimers", label: "Disclaimers" },
];

export const DEFAULT_TAB: PerformanceTab = "overview";

export type ChartPeriod = "1W" | "1M" | "3M" | "1Y";

export interface ChartPeriodOption {
  id: ChartPeriod;
  /** Button text (spec: 1W, 1M, 3M, 1Y). */
  label: ChartPeriod;
  /** What the button stands for (spec: week, month, quarter, year). */
  name: "week" | "month" | "quarter" | "year";
}

export const CHART_PERIODS: ReadonlyArray<ChartPeriodOption> = [
  { id: "1W", label: "1W", name: "week" },
  { id: "1M", label: "1M", name: "month" },
  { id: "3M", label: "3M", name: "quarter" },
  { id: "1Y", label: "1Y", name: "year" },
];

export const DEFAULT_PERIOD: ChartPeriod = "1Y";

export type MetricTone = "positive" | "negative" | "neutral";

/** The lead under the page's heading. */
export const PERFORMANCE_LEAD =
  "Every figure on this page is computed from the closed signals in our public ledger, net of costs: the equity curve, drawdowns, key metrics and monthly returns, with the method and costs behind them and how to check them yourself.";
