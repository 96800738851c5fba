/**
 * Sample performance figures for the Performance tab of /strategies/:slug
 * (spec section 2 "Strategy detail": two chart widgets, one more widget and a
 * methodology disclaimer). These are fixed, hypothetical sample figures for
 * illustration, not server data and not a track record.
 */

export const SAMPLE_LABEL = "Hypothetical sample";

/** The sample months, in order: each sample's returns start in January. */
export const SAMPLE_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

interface SampleStat {
  label: string;
  value: string;
}

export interface StrategyPerformanceSample {
  /** Length of the sample period, e.g. "12-month". */
  period: string;
  /** Return for each month of SAMPLE_MONTHS, percent of starting equity. */
  monthlyReturnsPct: readonly number[];
  stats: readonly SampleStat[];
}

export const GENERIC_PERFORMANCE: StrategyPerformanceSample = {
  period: "12-month",
  monthlyReturnsPct: [1.2, -0.6, 1.8, 0.9, -1.1, 2.0, 0.7, 1.3, -0.4, 1.6, 0.8, 1.1],
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
    monthlyReturnsPct: [1.9, -0.8, 2.4, 1.1, -1.4, 2.7, 0.6, 1.8, -0.5, 2.2, 1.3, 1.6],
    stats: [
      { label: "Profit factor", value: "1.84" },
      { label: "Max drawdown", value: "-7.4%" },
      { label: "Average R per trade", value: "0.42R" },
      { label: "Trades", value: "58" },
    ],
  },
  "london-breakout": {
    period: "12-month",
    monthlyReturnsPct: [2.8, -2.1, 3.4, 1.2, -2.6, 3.9, -0.9, 2.5, 1.7, -1.8, 3.1, 1.4],
    stats: [
      { label: "Profit factor", value: "1.62" },
      { label: "Max drawdown", value: "-11.3%" },
      { label: "Average R per trade", value: "0.31R" },
      { label: "Trades", value: "184" },
    ],
  },
  "gold-intraday": {
    period: "12-month",
    monthlyReturnsPct: [1.1, 0.6, -0.4, 1.3, 0.9, -0.7, 1.2, 0.8, 1.0, -0.3, 1.4, 0.7],
    stats: [
      { label: "Profit factor", value: "2.05" },
      { label: "Max drawdown", value: "-3.9%" },
      { label: "Average R per trade", value: "0.48R" },
      { label: "Trades", value: "212" },
    ],
  },
};

/**
 * The one performance disclaimer, shown wherever sample performance figures
 * appear: under these strategy samples, in the portal and under the
 * /performance overview.
 */
export const PERFORMANCE_DISCLAIMER =
  "All figures on this page are hypothetical. They come from backtested and simulated trading of a sample portfolio with the stated cost assumptions, not from a real account, and they are fixed sample figures rather than live data. Past performance, real or hypothetical, is not indicative of future results. Forex trading involves significant risk of loss.";
