/**
 * Sample performance figures for the Performance tab of /strategies/:slug
 * (spec section 2 "Strategy detail": two chart widgets, one more widget and a
 * methodology disclaimer). These are fixed, hypothetical sample figures for
 * illustration, not server data and not a track record.
 */

export const SAMPLE_LABEL = "Hypothetical sample";

export interface SampleMonth {
  /** Short month label, e.g. 'Jan'. */
  month: string;
  /** Return for the month, percent of starting equity. */
  returnPct: number;
}

interface SampleStat {
  label: string;
  value: string;
}

export interface StrategyPerformanceSample {
  /** Length of the sample period, e.g. "12-month". */
  period: string;
  monthlyReturns: readonly SampleMonth[];
  stats: readonly SampleStat[];
}

export const GENERIC_PERFORMANCE: StrategyPerformanceSample = {
  period: "12-month",
  monthlyReturns: [
    { month: "Jan", returnPct: 1.2 },
    { month: "Feb", returnPct: -0.6 },
    { month: "Mar", returnPct: 1.8 },
    { month: "Apr", returnPct: 0.9 },
    { month: "May", returnPct: -1.1 },
    { month: "Jun", returnPct: 2.0 },
    { month: "Jul", returnPct: 0.7 },
    { month: "Aug", returnPct: 1.3 },
    { month: "Sep", returnPct: -0.4 },
    { month: "Oct", returnPct: 1.6 },
    { month: "Nov", returnPct: 0.8 },
    { month: "Dec", returnPct: 1.1 },
  ],
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
    monthlyReturns: [
      { month: "Jan", returnPct: 1.9 },
      { month: "Feb", returnPct: -0.8 },
      { month: "Mar", returnPct: 2.4 },
      { month: "Apr", returnPct: 1.1 },
      { month: "May", returnPct: -1.4 },
      { month: "Jun", returnPct: 2.7 },
      { month: "Jul", returnPct: 0.6 },
      { month: "Aug", returnPct: 1.8 },
      { month: "Sep", returnPct: -0.5 },
      { month: "Oct", returnPct: 2.2 },
      { month: "Nov", returnPct: 1.3 },
      { month: "Dec", returnPct: 1.6 },
    ],
    stats: [
      { label: "Profit factor", value: "1.84" },
      { label: "Max drawdown", value: "-7.4%" },
      { label: "Average R per trade", value: "0.42R" },
      { label: "Trades", value: "58" },
    ],
  },
  "london-breakout": {
    period: "12-month",
    monthlyReturns: [
      { month: "Jan", returnPct: 2.8 },
      { month: "Feb", returnPct: -2.1 },
      { month: "Mar", returnPct: 3.4 },
      { month: "Apr", returnPct: 1.2 },
      { month: "May", returnPct: -2.6 },
      { month: "Jun", returnPct: 3.9 },
      { month: "Jul", returnPct: -0.9 },
      { month: "Aug", returnPct: 2.5 },
      { month: "Sep", returnPct: 1.7 },
      { month: "Oct", returnPct: -1.8 },
      { month: "Nov", returnPct: 3.1 },
      { month: "Dec", returnPct: 1.4 },
    ],
    stats: [
      { label: "Profit factor", value: "1.62" },
      { label: "Max drawdown", value: "-11.3%" },
      { label: "Average R per trade", value: "0.31R" },
      { label: "Trades", value: "184" },
    ],
  },
  "gold-intraday": {
    period: "12-month",
    monthlyReturns: [
      { month: "Jan", returnPct: 1.1 },
      { month: "Feb", returnPct: 0.6 },
      { month: "Mar", returnPct: -0.4 },
      { month: "Apr", returnPct: 1.3 },
      { month: "May", returnPct: 0.9 },
      { month: "Jun", returnPct: -0.7 },
      { month: "Jul", returnPct: 1.2 },
      { month: "Aug", returnPct: 0.8 },
      { month: "Sep", returnPct: 1.0 },
      { month: "Oct", returnPct: -0.3 },
      { month: "Nov", returnPct: 1.4 },
      { month: "Dec", returnPct: 0.7 },
    ],
    stats: [
      { label: "Profit factor", value: "2.05" },
      { label: "Max drawdown", value: "-3.9%" },
      { label: "Average R per trade", value: "0.48R" },
      { label: "Trades", value: "212" },
    ],
  },
};

/** The one performance disclaimer, shown under these sample figures too. */
export { PERFORMANCE_DISCLAIMER } from "./performance-disclaimer";
