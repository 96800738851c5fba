/**
 * Fixed sample performance content for /performance (spec sections 2
 * "Performance" and 9 "Business constants and limits").
 *
 * The Methodology, Verification and Disclaimers tabs' texts and the cost
 * assumptions are in ./performance-info.ts.
 *
 * Everything here is static, hypothetical sample data, not server data. The
 * daily equity series is generated from `SAMPLE_SERIES` (anchored to the
 * monthly breakdown below) by `buildEquitySeries` in
 * ~/domain/performance-series, identically on the server and in every browser.
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
  /** Trading sessions in the window; null means the whole one-year sample. */
  sessions: number | null;
}

export const CHART_PERIODS: ReadonlyArray<ChartPeriodOption> = [
  { id: "1W", label: "1W", name: "week", sessions: 5 },
  { id: "1M", label: "1M", name: "month", sessions: 21 },
  { id: "3M", label: "3M", name: "quarter", sessions: 63 },
  { id: "1Y", label: "1Y", name: "year", sessions: null },
];

export const DEFAULT_PERIOD: ChartPeriod = "1Y";

/* ------------------------------------------------------------------ */
/* Static metrics (spec section 9, word for word)                      */
/* ------------------------------------------------------------------ */

/** The spec's static metrics, as numbers. */
export const PERFORMANCE_METRICS = {
  annualReturnPct: 18.7,
  maxDrawdownPct: -8.2,
  winRatePct: 71,
  /** The win rate as shown on the chart panel. */
  chartPanelWinRatePct: 71.2,
  riskReward: 1.8,
  tradesPerMonth: 24,
  averageDrawdownPct: -3.2,
  sharpeRatio: 2.14,
  sortinoRatio: 3.28,
  totalTrades: 127,
  profitFactor: 1.84,
  activeTrades: 3,
  averageRecoveryDays: 12,
} as const;

export type MetricTone = "positive" | "negative" | "neutral";

export interface MetricTile {
  id: string;
  label: string;
  /** Display text, word for word from the spec. */
  value: string;
  tone: MetricTone;
  description: string;
}

/** The eight static metric tiles on the Overview tab. */
export const METRIC_TILES: ReadonlyArray<MetricTile> = [
  {
    id: "annual-return",
    label: "Annual Return",
    value: "18.7%",
    tone: "positive",
    description: "Compounded return over the 12-month sample period.",
  },
  {
    id: "max-drawdown",
    label: "Max Drawdown",
    value: "-8.2%",
    tone: "negative",
    description: "Largest peak-to-trough fall in account equity.",
  },
  { id: "win-rate", label: "Win Rate", value: "71%", tone: "neutral", description: "Share of closed trades that made a profit." },
  {
    id: "risk-reward",
    label: "Risk/Reward",
    value: "1.8",
    tone: "neutral",
    description: "Average reward per unit of risk on closed trades.",
  },
  { id: "trades-per-month", label: "Trades per Month", value: "24", tone: "neutral", description: "Average number of trades a month." },
  { id: "sharpe-ratio", label: "Sharpe Ratio", value: "2.14", tone: "neutral", description: "Annualised return per unit of volatility." },
  {
    id: "sortino-ratio",
    label: "Sortino Ratio",
    value: "3.28",
    tone: "neutral",
    description: "Annualised return per unit of downside volatility.",
  },
  { id: "profit-factor", label: "Profit Factor", value: "1.84", tone: "neutral", description: "Gross profit divided by gross loss." },
];

/** The remaining spec metrics, shown in the metrics overview. */
export const OVERVIEW_METRICS: ReadonlyArray<MetricTile> = [
  {
    id: "average-drawdown",
    label: "Average Drawdown",
    value: "-3.2%",
    tone: "negative",
    description: "Mean depth of all peak-to-trough declines.",
  },
  {
    id: "average-recovery",
    label: "Average Recovery",
    value: "12 days",
    tone: "neutral",
    description: "Mean time from a trough back to the previous equity peak.",
  },
  { id: "total-trades", label: "Total Trades", value: "127", tone: "neutral", description: "Closed trades in the sample track record." },
  { id: "active-trades", label: "Active Trades", value: "3", tone: "neutral", description: "Positions open in the sample right now." },
];

/** Figures shown on the equity curve and drawdown chart panels. */
export const CHART_PANEL_FIGURES = {
  equity: [
    { label: "Total Return", value: "18.7%", tone: "positive" as MetricTone },
    { label: "Win Rate", value: "71.2%", tone: "neutral" as MetricTone },
  ],
  drawdown: [
    { label: "Max Drawdown", value: "-8.2%", tone: "negative" as MetricTone },
    { label: "Average Drawdown", value: "-3.2%", tone: "negative" as MetricTone },
  ],
} as const;

/* ------------------------------------------------------------------ */
/* Monthly breakdown                                                   */
/* ------------------------------------------------------------------ */

/** A month's return. */
export interface MonthlyReturn {
  /** Calendar month, `YYYY-MM`. */
  month: string;
  /** Short label, e.g. "Nov 2025". */
  label: string;
  /** Return for the month, in percent. */
  returnPct: number;
}

/** What pins a generated equity series (all figures hypothetical). */
export interface EquitySeriesSpec {
  /** The series starts at the close of this day (`YYYY-MM-DD`), before the first month. */
  startDate: string;
  /** The last day of the series (`YYYY-MM-DD`). */
  endDate: string;
  /** Equity on `startDate`, in USD. */
  startingEquityUsd: number;
  /** The months the series passes through; each month ends exactly on its compounded equity. */
  monthlyReturns: ReadonlyArray<MonthlyReturn>;
  /**
   * The designed maximum drawdown: its peak (a gain over the prior month end,
   * as a fraction, e.g. 0.012) and its trough, `maxDrawdownPct` (a negative percent, e.g. -8.2) below the peak.
   */
  drawdown: { peakDate: string; peakGainOverPriorMonthEnd: number; troughDate: string; maxDrawdownPct: number };
  /** Seed of the pseudo-random day-to-day noise. */
  seed: number;
  /** Standard deviation of the daily noise, as a fraction of equity. */
  dailyNoise: number;
}

/** Twelve monthly returns; compounded they give the 18.7% annual return. */
export const MONTHLY_RETURNS: ReadonlyArray<MonthlyReturn> = [
  { month: "2025-11", label: "Nov 2025", returnPct: 2.4 },
  { month: "2025-12", label: "Dec 2025", returnPct: 1.8 },
  { month: "2026-01", label: "Jan 2026", returnPct: 2.6 },
  { month: "2026-02", label: "Feb 2026", returnPct: -1.9 },
  { month: "2026-03", label: "Mar 2026", returnPct: -3.4 },
  { month: "2026-04", label: "Apr 2026", returnPct: 3.1 },
  { month: "2026-05", label: "May 2026", returnPct: 3.8 },
  { month: "2026-06", label: "Jun 2026", returnPct: 1.5 },
  { month: "2026-07", label: "Jul 2026", returnPct: 2.7 },
  { month: "2026-08", label: "Aug 2026", returnPct: -0.6 },
  { month: "2026-09", label: "Sep 2026", returnPct: 2.9 },
  { month: "2026-10", label: "Oct 2026", returnPct: 2.6 },
];

/* ------------------------------------------------------------------ */
/* Daily equity series                                                 */
/* ------------------------------------------------------------------ */

/** Sample starting equity in USD. */
export const STARTING_EQUITY_USD = 100_000;
/** The sample starts at the close of this day (the month end before the first month in the breakdown). */
const SERIES_START_DATE = "2025-10-31";
/** The last day of the fixed sample. */
export const SERIES_END_DATE = "2026-10-30";

/**
 * What the daily sample series is pinned to: the monthly returns, a peak on
 * 10 Feb 2026 (1.2% above the January close) and the 8.2% maximum drawdown's
 * trough on 24 Mar 2026.
 */
export const SAMPLE_SERIES: EquitySeriesSpec = {
  startDate: SERIES_START_DATE,
  endDate: SERIES_END_DATE,
  startingEquityUsd: STARTING_EQUITY_USD,
  monthlyReturns: MONTHLY_RETURNS,
  drawdown: {
    peakDate: "2026-02-10",
    peakGainOverPriorMonthEnd: 0.012,
    troughDate: "2026-03-24",
    maxDrawdownPct: PERFORMANCE_METRICS.maxDrawdownPct,
  },
  seed: 0x5eed_2026,
  dailyNoise: 0.0065,
};

/* ------------------------------------------------------------------ */
/* Per-strategy list                                                   */
/* ------------------------------------------------------------------ */

interface StrategyPerformance {
  slug: "alpha-swing" | "london-breakout" | "gold-intraday";
  name: string;
  riskClass: "Conservative" | "Balanced" | "Aggressive";
  /** Sample win rate in percent (spec: 68, 72, 75). */
  winRatePct: number;
  annualReturnPct: number;
  maxDrawdownPct: number;
  trades: number;
  profitFactor: number;
}

/** Hypothetical sample figures per strategy; the trade counts add up to the 127 total. */
export const STRATEGY_PERFORMANCE: ReadonlyArray<StrategyPerformance> = [
  {
    slug: "alpha-swing",
    name: "Alpha Swing",
    riskClass: "Balanced",
    winRatePct: 68,
    annualReturnPct: 14.2,
    maxDrawdownPct: -6.9,
    trades: 38,
    profitFactor: 1.71,
  },
  {
    slug: "london-breakout",
    name: "London Breakout",
    riskClass: "Aggressive",
    winRatePct: 72,
    annualReturnPct: 22.5,
    maxDrawdownPct: -10.4,
    trades: 56,
    profitFactor: 1.79,
  },
  {
    slug: "gold-intraday",
    name: "Gold Intraday",
    riskClass: "Conservative",
    winRatePct: 75,
    annualReturnPct: 16.8,
    maxDrawdownPct: -5.1,
    trades: 33,
    profitFactor: 2.02,
  },
];

/* ------------------------------------------------------------------ */
/* Banner                                                              */
/* ------------------------------------------------------------------ */

/** Short banner shown on every tab, after a bold "Hypothetical." label. */
export const HYPOTHETICAL_BANNER =
  "Every figure on this page is simulated sample data from backtests, not the result of actual trading.";
