/**
 * Fixed sample performance content for /performance (spec sections 2
 * "Performance" and 9 "Business constants and limits").
 *
 * Everything here is static, hypothetical sample data, not server data. The
 * daily equity series is generated once at module load from a seeded PRNG and
 * anchored to the monthly breakdown below, so it is identical on the server and
 * in every browser: the generator only uses integer arithmetic, +, -, *, / and
 * Math.sqrt/abs/round (all exactly specified by IEEE 754 / ECMAScript), never
 * Math.exp/log/sin, whose last bits may differ between JavaScript engines and
 * would break hydration.
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

/** The URL of a tab and chart period on this page (both always explicit, so links preserve each other). */
export function performanceHref(tab: PerformanceTab, period: ChartPeriod): string {
  return `/performance?tab=${tab}&period=${period}`;
}

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

export interface MonthlyReturn {
  /** Calendar month, `YYYY-MM`. */
  month: string;
  /** Short label, e.g. "Nov 2025". */
  label: string;
  /** Hypothetical return for the month, in percent, one decimal. */
  returnPct: number;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function monthLabel(month: string): string {
  const [year, mm] = month.split("-");
  return `${MONTH_NAMES[Number(mm) - 1]} ${year}`;
}

/** Twelve monthly returns; compounded they give the 18.7% annual return. */
export const MONTHLY_RETURNS: ReadonlyArray<MonthlyReturn> = (
  [
    ["2025-11", 2.4],
    ["2025-12", 1.8],
    ["2026-01", 2.6],
    ["2026-02", -1.9],
    ["2026-03", -3.4],
    ["2026-04", 3.1],
    ["2026-05", 3.8],
    ["2026-06", 1.5],
    ["2026-07", 2.7],
    ["2026-08", -0.6],
    ["2026-09", 2.9],
    ["2026-10", 2.6],
  ] as const
).map(([month, returnPct]) => ({ month, label: monthLabel(month), returnPct }));

/** Compounds monthly percentage returns into one percentage return. */
export function compoundReturnPct(returnsPct: ReadonlyArray<number>): number {
  return (returnsPct.reduce((growth, pct) => growth * (1 + pct / 100), 1) - 1) * 100;
}

/* ------------------------------------------------------------------ */
/* Daily equity and drawdown series                                    */
/* ------------------------------------------------------------------ */

export interface SeriesPoint {
  /** Trading day, `YYYY-MM-DD` (UTC). */
  time: string;
  value: number;
}

/** Sample starting equity in USD. */
export const STARTING_EQUITY_USD = 100_000;
/** The sample starts at the close of this day (the month end before the first month in the breakdown). */
export const SERIES_START_DATE = "2025-10-31";
/** The last day of the fixed sample. */
export const SERIES_END_DATE = "2026-10-30";

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_NOISE = 0.0065;
const SEED = 0x5eed_2026;

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

/** Equity at the peak and trough of the designed maximum drawdown. */
const DRAWDOWN_PEAK = { time: "2026-02-10", gainOverPriorMonthEnd: 0.012 };
const DRAWDOWN_TROUGH = { time: "2026-03-24", depth: -PERFORMANCE_METRICS.maxDrawdownPct / 100 };

function buildAnchors(days: ReadonlyArray<string>): Anchor[] {
  const anchors: Anchor[] = [{ time: days[0]!, value: STARTING_EQUITY_USD, shape: "free" }];
  let equity = STARTING_EQUITY_USD;
  let peak = 0;
  for (const { month, returnPct } of MONTHLY_RETURNS) {
    const monthDays = days.filter((day) => day.startsWith(month));
    const monthEnd = monthDays[monthDays.length - 1]!;
    if (DRAWDOWN_PEAK.time.startsWith(month)) {
      // Segments on both sides of the peak may only bend below it.
      peak = equity * (1 + DRAWDOWN_PEAK.gainOverPriorMonthEnd);
      anchors.push({ time: DRAWDOWN_PEAK.time, value: peak, shape: "below" });
      equity *= 1 + returnPct / 100;
      anchors.push({ time: monthEnd, value: equity, shape: "below" });
      continue;
    }
    if (DRAWDOWN_TROUGH.time.startsWith(month)) {
      // Segments on both sides of the trough may only bend above it.
      anchors.push({ time: DRAWDOWN_TROUGH.time, value: peak * (1 - DRAWDOWN_TROUGH.depth), shape: "above" });
      equity *= 1 + returnPct / 100;
      anchors.push({ time: monthEnd, value: equity, shape: "above" });
      continue;
    }
    equity *= 1 + returnPct / 100;
    anchors.push({ time: monthEnd, value: equity, shape: "free" });
  }
  return anchors;
}

function generateEquitySeries(): SeriesPoint[] {
  const days = tradingDays(SERIES_START_DATE, SERIES_END_DATE);
  const anchors = buildAnchors(days);
  const random = mulberry32(SEED);
  const points: SeriesPoint[] = [{ time: days[0]!, value: roundCents(anchors[0]!.value) }];
  for (let a = 1; a < anchors.length; a++) {
    const from = anchors[a - 1]!;
    const to = anchors[a]!;
    const start = days.indexOf(from.time);
    const n = days.indexOf(to.time) - start;
    // A Brownian bridge: a random walk pinned to zero at both anchors.
    const walk = [0];
    for (let k = 1; k <= n; k++) walk.push(walk[k - 1]! + DAILY_NOISE * normal(random));
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

const EQUITY_SERIES: ReadonlyArray<SeriesPoint> = Object.freeze(generateEquitySeries().map((p) => Object.freeze(p)));

/** The fixed hypothetical daily equity series in USD, one point per trading day (a fresh copy each call). */
export function equitySeries(): SeriesPoint[] {
  return EQUITY_SERIES.map((point) => ({ ...point }));
}

/** Percent below the running peak at each point (0 at a new high, negative otherwise), two decimals. */
export function drawdownSeries(equity: ReadonlyArray<SeriesPoint>): SeriesPoint[] {
  let peak = Number.NEGATIVE_INFINITY;
  return equity.map(({ time, value }) => {
    peak = Math.max(peak, value);
    const drawdown = peak > 0 ? Math.round(((value - peak) / peak) * 10_000) / 100 : 0;
    return { time, value: drawdown === 0 ? 0 : drawdown };
  });
}

/**
 * The part of `series` a chart period shows: the last `sessions` trading days
 * plus the close before them (the baseline the change is measured from), or
 * the whole one-year sample for 1Y. Always ends at the last point.
 */
export function windowFor<T extends { time: string }>(period: ChartPeriod, series: ReadonlyArray<T>): T[] {
  const sessions = CHART_PERIODS.find((option) => option.id === period)?.sessions ?? null;
  if (sessions === null) return series.slice();
  return series.slice(Math.max(0, series.length - (sessions + 1)));
}

export interface WindowSummary {
  startTime: string;
  endTime: string;
  start: number;
  end: number;
  /** Percentage change from start to end. */
  changePct: number;
  min: number;
  max: number;
}

/** First, last, lowest and highest values of a non-empty window. */
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

export interface MonthlyBreakdownRow extends MonthlyReturn {
  /** Equity at the month's last trading day, from the daily series. */
  endEquity: number;
}

/** The monthly returns with each month's closing equity taken from `equity`. */
export function monthlyBreakdown(equity: ReadonlyArray<SeriesPoint>): MonthlyBreakdownRow[] {
  return MONTHLY_RETURNS.map((row) => {
    let endEquity = Number.NaN;
    for (const point of equity) if (point.time.startsWith(row.month)) endEquity = point.value;
    return { ...row, endEquity };
  });
}

/* ------------------------------------------------------------------ */
/* Formatting (locale-free so server and browser render the same text) */
/* ------------------------------------------------------------------ */

/** "30 Oct 2026" from `2026-10-30`. */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

/** "+2.4%", "-1.9%", "0.0%". */
export function formatPct(value: number, decimals = 1): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return `${(0).toFixed(decimals)}%`;
  return `${value < 0 ? "-" : "+"}${text}%`;
}

/* ------------------------------------------------------------------ */
/* Per-strategy list                                                   */
/* ------------------------------------------------------------------ */

export interface StrategyPerformance {
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

export interface MethodologySection {
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

export interface SpreadAssumption {
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

export interface TrackingPlatform {
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
  "Third-party tracking lets you check results against an independent record instead of taking our word for it. Public tracking links are not available yet; until they are, every figure on this page is hypothetical sample data.";

/* ------------------------------------------------------------------ */
/* Disclaimers                                                         */
/* ------------------------------------------------------------------ */

/** Short banner shown on every tab, after a bold "Hypothetical." label. */
export const HYPOTHETICAL_BANNER =
  "Every figure on this page is simulated sample data from backtests, not the result of actual trading.";

/** The performance disclaimer shown under the Overview metrics. */
export const PERFORMANCE_DISCLAIMER =
  "All figures on this page are hypothetical. They come from backtested and simulated trading of a sample portfolio with the stated cost assumptions, not from a real account, and they are fixed sample figures rather than live data. Past performance, real or hypothetical, is not indicative of future results. Forex trading involves significant risk of loss.";

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
