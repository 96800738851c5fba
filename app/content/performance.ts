/**
 * Fixed sample performance content for /performance (spec sections 2
 * "Performance" and 9 "Business constants and limits").
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
/* Methodology and cost assumptions                                    */
/* ------------------------------------------------------------------ */

interface MethodologySection {
  title: string;
  paragraphs: ReadonlyArray<string>;
}

export const METHODOLOGY: ReadonlyArray<MethodologySection> = [
  {
    title: "How the figures are produced",
    paragraphs: [
      "Every figure on this page is hypothetical. Each strategy's rules are run over historical price data (backtesting) and, for the most recent period, applied to live prices without real money (simulation). The results of Alpha Swing, London Breakout and Gold Intraday are combined into one sample portfolio.",
      "The equity curve starts from a sample account of $100,000 and shows one year of daily closing equity, ending on 30 October 2026. Gains and losses compound month to month. Each strategy risks a fixed fraction of equity per trade as set out in its playbook, and the trading costs below are deducted from every trade.",
    ],
  },
  {
    title: "How the metrics are defined",
    paragraphs: [
      "Annual return is the compounded change in equity over the sample year. Max drawdown is the largest fall from a running equity peak to a later low, measured on daily closes; average drawdown is the mean depth of all such declines, and average recovery is the mean number of days from a trough back to the previous peak.",
      "Win rate is the share of closed trades that made a profit after costs. Risk/reward is the average profit of winning trades divided by the average loss of losing trades. Profit factor is gross profit divided by gross loss. The Sharpe ratio is the annualised return divided by the annualised volatility of daily returns, and the Sortino ratio uses only downside volatility.",
    ],
  },
  {
    title: "Limits of the method",
    paragraphs: [
      "Backtests cannot reproduce every real-world condition: fills at the intended price, liquidity during news, platform outages and changing broker spreads all affect live results. The cost assumptions are averages; real costs vary by broker, account type and market conditions.",
    ],
  },
];

interface SpreadAssumption {
  pair: "EURUSD" | "GBPUSD" | "USDJPY" | "XAUUSD";
  pips: number;
}

/** Stated cost assumptions (spec section 9, exactly). */
export const COST_ASSUMPTIONS = {
  spreads: [
    { pair: "EURUSD", pips: 0.8 },
    { pair: "GBPUSD", pips: 1.2 },
    { pair: "USDJPY", pips: 0.9 },
    { pair: "XAUUSD", pips: 2.5 },
  ] as ReadonlyArray<SpreadAssumption>,
  /** Commission in USD per 100k lot, round-turn. */
  commissionUsdPerLotRoundTurn: 3.5,
  commissionText: "$3.50 per 100k lot round-turn",
  averageSlippagePips: 0.5,
  slippageText: "0.5 pips",
  minimumBacktestYears: 5,
  backtestText: "Backtests use 5 or more years of data",
} as const;

/* ------------------------------------------------------------------ */
/* Verification                                                        */
/* ------------------------------------------------------------------ */

interface TrackingPlatform {
  id: string;
  name: string;
  description: string;
  buttonLabel: string;
  /** No links are shown in the spec, so the button is disabled until one exists. */
  href: null;
  status: string;
}

export const TRACKING_PLATFORMS: ReadonlyArray<TrackingPlatform> = [
  {
    id: "myfxbook",
    name: "Myfxbook",
    description:
      "An independent platform that connects to trading accounts read-only and publishes their verified statistics: growth, drawdown, trade history and the track record it has checked.",
    buttonLabel: "View on Myfxbook",
    href: null,
    status: "Coming soon",
  },
  {
    id: "fx-blue",
    name: "FX Blue",
    description:
      "A third-party statement service that publishes live account analytics, including equity, drawdown and per-instrument results, straight from the broker's trading server.",
    buttonLabel: "View on FX Blue",
    href: null,
    status: "Coming soon",
  },
];

export const VERIFICATION_INTRO =
  "Every signal we publish is recorded in a public, tamper-evident ledger at /api/ledger: each event is hash-chained to the one before it, so anyone can check with their own code that nothing was changed, reordered or removed. Third-party account tracking links are not available yet, and the sample figures on this page are hypothetical, not results from the ledger.";

/* ------------------------------------------------------------------ */
/* Disclaimers                                                         */
/* ------------------------------------------------------------------ */

/** Short banner shown on every tab, after a bold "Hypothetical." label. */
export const HYPOTHETICAL_BANNER =
  "Every figure on this page is simulated sample data from backtests, not the result of actual trading.";

export interface Disclaimer {
  id: string;
  title: string;
  paragraphs: ReadonlyArray<string>;
}

/** The hypothetical-performance disclaimer, in the spirit of CFTC Rule 4.41. */
export const HYPOTHETICAL_PERFORMANCE_DISCLAIMER: Disclaimer = {
  id: "hypothetical-performance",
  title: "Hypothetical performance disclaimer",
  paragraphs: [
    "Hypothetical or simulated performance results have certain inherent limitations. Unlike an actual performance record, simulated results do not represent actual trading. Also, since the trades have not actually been executed, the results may have under- or over-compensated for the impact, if any, of certain market factors, such as lack of liquidity. Simulated trading programs in general are also subject to the fact that they are designed with the benefit of hindsight. No representation is being made that any account will or is likely to achieve profits or losses similar to those shown.",
    "There are frequently sharp differences between hypothetical performance results and the actual results subsequently achieved by any particular trading program. Hypothetical results do not account for the financial risk of actual trading: the ability to withstand losses, or to keep following a strategy despite them, can materially affect actual results, and no hypothetical record can fully allow for it.",
  ],
};

export const DISCLAIMERS: ReadonlyArray<Disclaimer> = [
  HYPOTHETICAL_PERFORMANCE_DISCLAIMER,
  {
    id: "past-performance",
    title: "Past performance",
    paragraphs: [
      "Past performance is not indicative of future results. The figures describe a fixed sample period and say nothing certain about any other period.",
    ],
  },
  {
    id: "risk-of-loss",
    title: "Risk of loss",
    paragraphs: [
      "Forex and CFD trading involves significant risk of loss and is not suitable for every investor. Leverage magnifies losses as well as gains, and you can lose more than you expect. Only trade with money you can afford to lose.",
    ],
  },
  {
    id: "no-advice",
    title: "No investment advice",
    paragraphs: [
      "FX Trader provides rules-based strategies, signals and education for information only. Nothing on this website is investment advice, and FX Trader does not provide portfolio management or brokerage services. Consider your own circumstances and seek independent advice if you are unsure.",
    ],
  },
  {
    id: "sample-data",
    title: "Sample data",
    paragraphs: [
      "The charts, tiles, monthly breakdown and strategy figures on this page are fixed sample content, not live or server data, and they are not updated as markets move.",
    ],
  },
];
