/**
 * Sample performance figures for the Performance tab of /strategies/:slug
 * (spec section 2 "Strategy detail": two chart widgets, one more widget and a
 * methodology disclaimer). These are fixed, hypothetical sample figures for
 * illustration, not server data and not a track record.
 */

export const SAMPLE_LABEL = "Hypothetical sample";

export interface MonthlyReturn {
  /** Short month label, e.g. 'Jan'. */
  month: string;
  /** Return for the month, percent of starting equity. */
  returnPct: number;
}

export interface SampleStat {
  label: string;
  value: string;
}

export interface StrategyPerformanceSample {
  /** Length of the sample period, e.g. "12-month". */
  period: string;
  monthlyReturns: readonly MonthlyReturn[];
  stats: readonly SampleStat[];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function months(returns: readonly number[]): MonthlyReturn[] {
  return returns.map((returnPct, i) => ({ month: MONTHS[i % 12], returnPct }));
}

export const GENERIC_PERFORMANCE: StrategyPerformanceSample = {
  period: "12-month",
  monthlyReturns: months([1.2, -0.6, 1.8, 0.9, -1.1, 2.0, 0.7, 1.3, -0.4, 1.6, 0.8, 1.1]),
  stats: [
    { label: "Profit factor", value: "1.70" },
    { label: "Max drawdown", value: "-6.0%" },
    { label: "Average R per trade", value: "0.35R" },
    { label: "Trades", value: "96" },
  ],
};

export const STRATEGY_PERFORMANCE: Readonly<Record<string, StrategyPerformanceSample>> = {
  "alpha-swing": {
    period: "12-month",
    monthlyReturns: months([1.9, -0.8, 2.4, 1.1, -1.4, 2.7, 0.6, 1.8, -0.5, 2.2, 1.3, 1.6]),
    stats: [
      { label: "Profit factor", value: "1.84" },
      { label: "Max drawdown", value: "-7.4%" },
      { label: "Average R per trade", value: "0.42R" },
      { label: "Trades", value: "58" },
    ],
  },
  "london-breakout": {
    period: "12-month",
    monthlyReturns: months([2.8, -2.1, 3.4, 1.2, -2.6, 3.9, -0.9, 2.5, 1.7, -1.8, 3.1, 1.4]),
    stats: [
      { label: "Profit factor", value: "1.62" },
      { label: "Max drawdown", value: "-11.3%" },
      { label: "Average R per trade", value: "0.31R" },
      { label: "Trades", value: "184" },
    ],
  },
  "gold-intraday": {
    period: "12-month",
    monthlyReturns: months([1.1, 0.6, -0.4, 1.3, 0.9, -0.7, 1.2, 0.8, 1.0, -0.3, 1.4, 0.7]),
    stats: [
      { label: "Profit factor", value: "2.05" },
      { label: "Max drawdown", value: "-3.9%" },
      { label: "Average R per trade", value: "0.48R" },
      { label: "Trades", value: "212" },
    ],
  },
};

/** The methodology disclaimer shown under the sample figures. */
export const PERFORMANCE_DISCLAIMER =
  "These figures are a hypothetical sample for illustration only. They are not a record of live trading and were not independently verified. Simulated results assume fills at the published prices with stated spread, commission and slippage costs, and do not reflect the impact of liquidity, execution delays or changing market conditions. Past performance, hypothetical or actual, is not indicative of future results, and nothing here is investment advice.";

/** The sample for `slug` (case-insensitive), or the generic one. */
export function getPerformanceSample(slug: string): StrategyPerformanceSample {
  return STRATEGY_PERFORMANCE[slug.toLowerCase()] ?? GENERIC_PERFORMANCE;
}

/** Equity after each month, starting from 100, compounding the monthly returns. */
export function equityCurve(monthlyReturns: readonly MonthlyReturn[], start = 100): number[] {
  const points = [start];
  for (const { returnPct } of monthlyReturns) {
    points.push(points[points.length - 1] * (1 + returnPct / 100));
  }
  return points.map((p) => Math.round(p * 100) / 100);
}
