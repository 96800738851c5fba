/**
 * The live track record: what each closed signal made after trading costs, and
 * the statistics, equity curve, drawdowns and monthly returns of a list of
 * them. Pure: no I/O, no clock (the caller passes every date).
 *
 * Units: prices in the instrument's quote currency; pips as in
 * `instruments.ts` (0.0001, 0.01 for JPY quotes and metals); R is a multiple
 * of the ORIGINAL risk distance (published entry to the stop at publish, the
 * risk unit of `computeOutcome` in `signal-lifecycle.ts`); percentages are
 * percent (2.5 = 2.5%); times are UTC; durations in hours or days.
 * Conventions and their reasons: docs/decisions/0038-track-record-maths.md.
 * tests/fixtures/track-record/compute.py recomputes every figure independently.
 */
import type { ChartPeriod } from "~/content/performance";
import { COST_ASSUMPTIONS } from "~/content/performance-info";
import { INSTRUMENTS, instrumentSpec } from "./instruments";
import { fractionBelowPeak } from "./performance-series";
import { tenthsOfPip, type CloseReason, type SignalSide } from "./signal-lifecycle";
import type { TradeResult } from "./trade-result";
import { OUTCOME_CODES, TRADE_FIGURE_FIELDS, TradeResultTable } from "./trade-result-table";

// ---------------------------------------------------------------------------
// Costs

/** Spread in pips for a symbol the spec states no spread for (a typical retail spread on minors and crosses). */
export const DEFAULT_SPREAD_PIPS = 1.5;
/**
 * Value of one pip per standard lot in USD, assumed for a cross only when no
 * price bar gives its quote currency's USD rate at the exit (the result is then
 * marked `pipValueEstimated`): $10, exact for every XXXUSD pair and within
 * about ±40% for the crosses.
 */
export const DEFAULT_PIP_VALUE_USD = 10;
/** |net R| below this is a breakeven, neither a win nor a loss. */
export const BREAKEVEN_R = 0.05;
/** Risk per trade in percent of equity when none is given. */
export const DEFAULT_RISK_PCT = 1;
/** Starting equity of the compounded curve, in USD. */
export const STARTING_EQUITY = 10_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Days in a mean Julian year, the year of the CAGR. */
const YEAR_DAYS = 365.25;

/** The spread in pips charged on `symbol` (spec section 9; `DEFAULT_SPREAD_PIPS` for any other symbol). */
export function spreadPips(symbol: string): number {
  return COST_ASSUMPTIONS.spreads.find((spread) => spread.pair === symbol)?.pips ?? DEFAULT_SPREAD_PIPS;
}

/**
 * The USD rate of a quote currency at a trade's exit, read from a stored price
 * bar: `usdPerQuote` USD per one unit of the quote currency, from the close of
 * `symbol` (the USD pair of that currency, `usdRatePair`) in the bar opening at
 * `time` (ISO 8601 UTC), the last bar at or before the exit.
 */
export interface QuoteUsdRate {
  usdPerQuote: number;
  symbol: string;
  time: string;
}

/**
 * The catalogue pair whose price gives the USD rate of `currency` (a currency
 * or metal code): `${currency}USD` (USD per unit = its close; GBPUSD for GBP)
 * or else `USD${currency}` (USD per unit = 1 / its close; USDJPY for JPY).
 * @returns the pair and whether its close is inverted; null for USD itself or a currency with no USD pair in the catalogue.
 */
export function usdRatePair(currency: string): { symbol: string; invert: boolean } | null {
  if (currency === "USD") return null;
  if (INSTRUMENTS.some((instrument) => instrument.symbol === `${currency}USD`)) return { symbol: `${currency}USD`, invert: false };
  if (INSTRUMENTS.some((instrument) => instrument.symbol === `USD${currency}`)) return { symbol: `USD${currency}`, invert: true };
  return null;
}

/**
 * The USD value of one pip on one standard lot (100,000 base units; 100 oz
 * XAU; 5,000 oz XAG, the contract sizes of `instruments.ts`): pip value =
 * pip size × contract size × USD per quote unit (the pip is a price step in
 * the quote currency; e.g. Investopedia, "Pip value"):
 *   quote USD (EURUSD, XAUUSD):  pipSize × contractSize                        exact
 *   base USD (USDJPY, USDCHF):   pipSize × contractSize / fillPrice            the pair's own rate at the fill
 *   otherwise (EURGBP, EURJPY):  pipSize × contractSize × quoteUsd.usdPerQuote the quote's USD rate at the exit, from a price bar
 *   no bar, or outside the catalogue: DEFAULT_PIP_VALUE_USD, `estimated: true`
 * @param fillPrice the fill, quote units per base unit.
 * @param quoteUsd the quote currency's USD rate at the trade's exit (`QuoteUsdRate`), or null when no bar gives it.
 * @returns `usd` per pip per lot, and whether it is the assumed $10 (no rate known).
 */
export function pipValueUsdPerLot(symbol: string, pipSize: number, fillPrice: number, quoteUsd: QuoteUsdRate | null = null): { usd: number; estimated: boolean } {
  const spec = usdContract(symbol);
  if (spec?.quote === "USD") return { usd: pipSize * spec.contractSize, estimated: false };
  if (spec?.base === "USD") return { usd: (pipSize * spec.contractSize) / fillPrice, estimated: false };
  if (spec && quoteUsd) return { usd: pipSize * spec.contractSize * quoteUsd.usdPerQuote, estimated: false };
  return { usd: DEFAULT_PIP_VALUE_USD, estimated: true };
}

/**
 * The pair whose stored bars give `symbol`'s pip value (`usdRatePair` of its
 * quote currency) when `symbol` is a cross of the catalogue (neither currency
 * USD); null for any other symbol, whose pip value needs no bar.
 */
export function quoteUsdPairOf(symbol: string): { symbol: string; invert: boolean } | null {
  const spec = usdContract(symbol);
  if (!spec || spec.quote === null || spec.quote === "USD" || spec.base === "USD") return null;
  return usdRatePair(spec.quote);
}

/**
 * The USD rate of a quote currency from the bar of its USD pair (`quoteUsdPairOf`):
 * usdPerQuote = close (GBPUSD for GBP) or 1 / close (USDJPY for JPY).
 * @param bar the last bar of `pair.symbol` at or before the exit: `close` in quote units per base unit.
 */
export function quoteUsdRate(pair: { symbol: string; invert: boolean }, bar: { time: Date; close: number }): QuoteUsdRate {
  return { usdPerQuote: pair.invert ? 1 / bar.close : bar.close, symbol: pair.symbol, time: bar.time.toISOString() };
}

const contracts = new Map<string, { base: string | null; quote: string | null; contractSize: number } | null>();

/** `instrumentSpec(symbol)`'s currencies and contract size, or null for a symbol it refuses; remembered per symbol. */
function usdContract(symbol: string) {
  if (!contracts.has(symbol)) {
    try {
      const { base, quote, contractSize } = instrumentSpec(symbol);
      contracts.set(symbol, { base, quote, contractSize });
    } catch {
      contracts.set(symbol, null);
    }
  }
  return contracts.get(symbol)!;
}

/**
 * The round-turn commission in pips of the instrument: commission per lot
 * (spec: $3.50 per 100k lot round turn) ÷ pip value per lot
 * (`pipValueUsdPerLot`). The commission is charged per lot and so is the pip
 * value, so the result does not depend on the position size: EURUSD
 * 3.5 / 10 = 0.35 pips; USDJPY at 150 is 3.5 / (1000 / 150) = 0.525 pips;
 * XAUUSD 3.5 / 1 = 3.5 pips; EURGBP with GBPUSD at 1.25 is 3.5 / 12.5 = 0.28 pips.
 */
export function commissionPips(symbol: string, pipSize: number, fillPrice: number, quoteUsd: QuoteUsdRate | null = null): number {
  return COST_ASSUMPTIONS.commissionUsdPerLotRoundTurn / pipValueUsdPerLot(symbol, pipSize, fillPrice, quoteUsd).usd;
}

// ---------------------------------------------------------------------------
// Per trade

/** One exit of a closed signal: price and share of the original position (the shares of a signal sum to 1). */
export interface TradeExit {
  exitPrice: number;
  fraction: number;
}

/** A closed signal as the track record reads it (the signal row, and its exits from the ledger). */
export interface ClosedTrade {
  id: number;
  strategyId: number;
  symbol: string;
  side: SignalSide;
  /** The published entry: with `originalSl` it sets the risk unit. */
  entryPrice: number;
  originalSl: number;
  fillPrice: number;
  pipSize: number;
  /** When the position was filled. */
  openedAt: Date;
  /** When the last of it was closed. */
  closedAt: Date;
  closeReason: CloseReason;
  /** Partial exits then the final one. */
  exits: ReadonlyArray<TradeExit>;
  /** Whether its `published` event marks it as simulated history (docs/decisions/0145). */
  simulated: boolean;
  /** For a pair quoted in neither USD nor its base's currency (a cross), the quote currency's USD rate at the exit from a price bar; null or absent when no bar gives it. */
  quoteUsd?: QuoteUsdRate | null;
}

export type { TradeOutcome, TradeResult } from "./trade-result";

/**
 * One closed signal's result, costs charged once per round turn:
 *   d          = +1 LONG, −1 SHORT
 *   grossPips  = Σ (fraction_i × d) × tenthsOfPip(fill, exit_i) / Σ fraction_i / 10
 *   riskPips   = |tenthsOfPip(entryPrice, originalSl)| / 10
 *   costPips   = spreadPips(symbol) + commissionPips(symbol, pipSize, fill, quoteUsd) + slippage (0.5)
 *   pipValueUsd = pipValueUsdPerLot(…).usd (USD per pip per standard lot); pipValueEstimated when it is the assumed $10
 *   netPips    = grossPips − costPips
 *   grossR     = grossPips / riskPips;   netR = netPips / riskPips
 *   outcome    = breakeven when |netR| < BREAKEVEN_R, else win (netR > 0) or loss
 *   holdingHours = (closedAt − openedAt) / 1 h
 * The gross pips are those of `computeOutcome` before its rounding (R multiples
 * after Van Tharp, "Trade Your Way to Financial Freedom", ch. 12).
 * @throws Error when the trade has no exit or no risk distance (the publish rules make both impossible).
 */
export function tradeResult(trade: ClosedTrade): TradeResult {
  if (trade.exits.length === 0) throw new Error(`Signal ${trade.id} has no exit`);
  const direction = trade.side === "LONG" ? 1 : -1;
  let tenths = 0;
  let weightedPrice = 0;
  let fractions = 0;
  for (const exit of trade.exits) {
    tenths += exit.fraction * direction * tenthsOfPip(trade.fillPrice, exit.exitPrice, trade.pipSize);
    weightedPrice += exit.fraction * exit.exitPrice;
    fractions += exit.fraction;
  }
  const riskPips = Math.abs(tenthsOfPip(trade.entryPrice, trade.originalSl, trade.pipSize)) / 10;
  if (riskPips === 0) throw new Error(`Signal ${trade.id} has no risk distance`);
  const grossPips = tenths / fractions / 10;
  const spread = spreadPips(trade.symbol);
  const pipValue = pipValueUsdPerLot(trade.symbol, trade.pipSize, trade.fillPrice, trade.quoteUsd ?? null);
  const commission = COST_ASSUMPTIONS.commissionUsdPerLotRoundTurn / pipValue.usd;
  const slippage = COST_ASSUMPTIONS.averageSlippagePips;
  const costPips = spread + commission + slippage;
  const netPips = grossPips - costPips;
  const netR = netPips / riskPips;
  return {
    id: trade.id,
    strategyId: trade.strategyId,
    symbol: trade.symbol,
    side: trade.side,
    openedAt: trade.openedAt.toISOString(),
    closedAt: trade.closedAt.toISOString(),
    closeReason: trade.closeReason,
    entryPrice: trade.entryPrice,
    originalSl: trade.originalSl,
    fillPrice: trade.fillPrice,
    exitPrice: weightedPrice / fractions,
    riskPips,
    grossPips,
    spreadPips: spread,
    commissionPips: commission,
    slippagePips: slippage,
    costPips,
    netPips,
    grossR: grossPips / riskPips,
    netR,
    holdingHours: (trade.closedAt.getTime() - trade.openedAt.getTime()) / HOUR_MS,
    pipValueUsd: pipValue.usd,
    outcome: Math.abs(netR) < BREAKEVEN_R ? "breakeven" : netR > 0 ? "win" : "loss",
    simulated: trade.simulated,
    pipValueEstimated: pipValue.estimated,
  };
}

// ---------------------------------------------------------------------------
// The record

/** What to compute over: risk per trade and the period (trades closed in [from, to]). */
export interface TrackRecordOptions {
  /** Percent of equity risked per trade (the loss at −1 R), in (0, 100]; default 1. */
  riskPct?: number;
  /** Start of the period; default the earliest fill of the trades in it. */
  from?: Date;
  /** End of the period; default the latest close of the trades in it. */
  to?: Date;
}

/** A point of the equity curve by trade: the start, then one after each trade. */
export interface TradeEquityPoint {
  /** ISO 8601 UTC: the period start, then each trade's close. */
  time: string;
  /** Null for the start point. */
  tradeId: number | null;
  equity: number;
  /** Percent below the running equity peak (≤ 0). */
  drawdownPct: number;
  cumulativeR: number;
  /** R below the running peak of cumulative R (≤ 0). */
  drawdownR: number;
}

/** A point of the daily equity curve: equity at the end of a UTC day. */
export interface DayEquityPoint {
  /** `YYYY-MM-DD`. */
  time: string;
  equity: number;
  drawdownPct: number;
}

/** One calendar month (UTC) of the compounded curve. */
export interface MonthlyRow {
  /** `YYYY-MM`. */
  month: string;
  /** End equity / previous month's end equity − 1, in percent (the first month against the starting equity). */
  returnPct: number;
  /** Trades closed in the month. */
  trades: number;
  endEquity: number;
}

/** The deepest fall of cumulative R: when it peaked, bottomed and got back to the peak. */
export interface DrawdownSpan {
  /** ISO 8601 UTC, null when there was no drawdown. */
  peakAt: string | null;
  troughAt: string | null;
  /** First close at or above the peak again; null while not recovered. */
  recoveredAt: string | null;
  /** (recoveredAt − troughAt) in days; null while not recovered. */
  recoveryDays: number | null;
}

/** One symbol's trades in a record and their pips, summed over that symbol's trades only. */
export interface SymbolPips {
  symbol: string;
  trades: number;
  grossPips: number;
  /** Spread, commission and slippage charged, in pips. */
  costPips: number;
  netPips: number;
  /** Of `trades`, those whose commission was converted at the assumed $10 pip value (no price bar gave the rate: `TradeResult.pipValueEstimated`). */
  estimatedPipValueTrades: number;
}

export interface TrackRecord {
  riskPct: number;
  startingEquity: number;
  /** The period, ISO 8601 UTC; null with no trades and no dates given. */
  from: string | null;
  to: string | null;
  trades: number;
  wins: number;
  losses: number;
  breakevens: number;
  /** wins / trades × 100; null with no trades. */
  winRate: number | null;
  /** Mean net R of the wins / of the losses (the latter negative); null when there are none. */
  avgWinR: number | null;
  avgLossR: number | null;
  /** totalNetR / trades; null with no trades. */
  expectancyR: number | null;
  /** Σ net R of wins / |Σ net R of losses|; null when there is no loss. */
  profitFactor: number | null;
  /** Pips of each symbol traded, by symbol (A–Z): pips are never added across instruments, whose pip sizes and values differ (docs/decisions/0155). */
  pipsBySymbol: SymbolPips[];
  totalGrossR: number;
  totalNetR: number;
  /** Best net R of a win, worst net R of a loss; null when there are none. */
  largestWinR: number | null;
  largestLossR: number | null;
  longestWinStreak: number;
  longestLossStreak: number;
  /** Mean holding time in hours; null with no trades. */
  avgHoldingHours: number | null;
  /** Peak-to-trough fall of cumulative R (≤ 0). */
  maxDrawdownR: number;
  maxDrawdown: DrawdownSpan;
  endingEquity: number;
  totalReturnPct: number;
  /** Deepest fall of the compounded equity below its running peak, percent (≤ 0). */
  maxDrawdownPercent: number;
  /** Compound annual growth rate in percent; null with no trades or an empty period. */
  cagr: number | null;
  /** Of the daily returns from the period's first trade, annualised by √252, risk-free 0 (`ratioConvention`); null with fewer than 2 returns or no dispersion. */
  sharpe: number | null;
  sortino: number | null;
  /** How `sharpe` and `sortino` were computed, and the day their returns start (`YYYY-MM-DD`, null with no trades). */
  ratioConvention: { returns: "daily"; periodsPerYear: 252; riskFreeRate: 0; from: string | null };
  monthly: MonthlyRow[];
  equity: { byTrade: TradeEquityPoint[]; byDay: DayEquityPoint[] };
}

/** A record without its equity curve by trade (one point per trade): every figure, the monthly rows and the daily curve. */
export type TrackRecordSummary = Omit<TrackRecord, "equity"> & { equity: { byDay: DayEquityPoint[] } };

/** `YYYY-MM-DD` of a UTC instant. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The compounded equity after each trade:
 *   E_0 = STARTING_EQUITY;  E_k = max(0, E_{k−1} × (1 + riskPct/100 × netR_k))
 * (fixed-fractional sizing: each trade risks riskPct of the equity before it;
 * an account cannot go below 0, so a loss beyond −100% ends the curve at 0).
 */
function compound(netRs: Float64Array, riskPct: number): Float64Array {
  const fraction = riskPct / 100;
  const equity = new Float64Array(netRs.length + 1);
  equity[0] = STARTING_EQUITY;
  for (let k = 0; k < netRs.length; k++) equity[k + 1] = Math.max(0, equity[k]! * (1 + fraction * netRs[k]!));
  return equity;
}

/**
 * Cumulative R and its deepest fall:
 *   C_0 = 0, C_k = C_{k−1} + netR_k;  peak_k = max(C_0..C_k);  drawdownR_k = C_k − peak_k
 * The max drawdown is the lowest drawdownR (the first if tied); its peak is the
 * latest point at the running peak before it; recovery is the first later point with C ≥ that peak.
 * @param timesMs epoch ms of each point: the period start, then each trade's close.
 */
function cumulativeR(netRs: Float64Array, timesMs: Float64Array) {
  const n = netRs.length;
  const cumulative = new Float64Array(n + 1);
  const drawdown = new Float64Array(n + 1);
  let peak = 0;
  let peakIndex = 0;
  let max = { depth: 0, peakIndex: 0, troughIndex: 0 };
  for (let i = 0; i < n; i++) {
    const value = cumulative[i]! + netRs[i]!;
    cumulative[i + 1] = value;
    if (value >= peak) {
      peak = value;
      peakIndex = i + 1;
    }
    drawdown[i + 1] = value - peak;
    if (value - peak < max.depth) max = { depth: value - peak, peakIndex, troughIndex: i + 1 };
  }
  const span: DrawdownSpan = { peakAt: null, troughAt: null, recoveredAt: null, recoveryDays: null };
  if (max.depth < 0) {
    span.peakAt = new Date(timesMs[max.peakIndex]!).toISOString();
    span.troughAt = new Date(timesMs[max.troughIndex]!).toISOString();
    const target = cumulative[max.peakIndex]!;
    for (let k = max.troughIndex + 1; k <= n; k++) {
      if (cumulative[k]! >= target) {
        span.recoveredAt = new Date(timesMs[k]!).toISOString();
        span.recoveryDays = (timesMs[k]! - timesMs[max.troughIndex]!) / DAY_MS;
        break;
      }
    }
  }
  return { cumulative, drawdown, maxDrawdownR: max.depth, span };
}

/** Longest runs of consecutive wins and of consecutive losses (a breakeven ends both), of the outcome codes of `rows`. */
function streaks(outcomes: Uint8Array, rows: Uint32Array): { win: number; loss: number } {
  let win = 0;
  let loss = 0;
  let best = { win: 0, loss: 0 };
  for (const row of rows) {
    win = outcomes[row] === OUTCOME_CODES.win ? win + 1 : 0;
    loss = outcomes[row] === OUTCOME_CODES.loss ? loss + 1 : 0;
    best = { win: Math.max(best.win, win), loss: Math.max(best.loss, loss) };
  }
  return best;
}

/** Epoch ms of the first instant of month index `k` (year × 12 + month, month 0 = January), UTC. */
function monthStartMs(k: number): number {
  const date = new Date(0);
  date.setUTCFullYear(Math.floor(k / 12), k % 12, 1);
  return date.getTime();
}

/** Every calendar month (UTC) from the one of `startMs` to the one of `endMs`: `YYYY-MM` and its first and next month's first instant (epoch ms). */
function monthsBetween(startMs: number, endMs: number): Array<{ month: string; fromMs: number; untilMs: number }> {
  const index = (ms: number) => new Date(ms).getUTCFullYear() * 12 + new Date(ms).getUTCMonth();
  const months: Array<{ month: string; fromMs: number; untilMs: number }> = [];
  for (let k = index(startMs); k <= index(endMs); k++) {
    months.push({ month: `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}`, fromMs: monthStartMs(k), untilMs: monthStartMs(k + 1) });
  }
  return months;
}

/**
 * Monthly returns of the compounded curve: for each month of the period,
 * end equity (after the last trade closed by the month's end) over the
 * previous month's end equity (the starting equity for the first), − 1, in
 * percent; 0 after the equity reached 0.
 */
function monthlyReturns(closedAtMs: Float64Array, rows: Uint32Array, equity: Float64Array, months: ReturnType<typeof monthsBetween>): MonthlyRow[] {
  let k = 0;
  let previous = equity[0]!;
  return months.map(({ month, fromMs, untilMs }) => {
    let trades = 0;
    while (k < rows.length && closedAtMs[rows[k]!]! >= fromMs && closedAtMs[rows[k]!]! < untilMs) {
      k++;
      trades++;
    }
    const endEquity = equity[k]!;
    const returnPct = previous > 0 ? (endEquity / previous - 1) * 100 : 0;
    previous = endEquity;
    return { month, returnPct, trades, endEquity };
  });
}

/** Equity at the end of each UTC day from `startMs` to `endMs`, and its percent below the running peak (the starting equity counts as a peak). */
function dailyEquity(closedAtMs: Float64Array, rows: Uint32Array, equity: Float64Array, startMs: number, endMs: number): DayEquityPoint[] {
  const dayStarts: number[] = [];
  for (let ms = Date.parse(`${isoDay(startMs)}T00:00:00Z`); ms <= endMs; ms += DAY_MS) dayStarts.push(ms);
  let k = 0;
  const values = dayStarts.map((dayStart) => {
    while (k < rows.length && closedAtMs[rows[k]!]! < dayStart + DAY_MS) k++;
    return equity[k]!;
  });
  const drawdowns = fractionBelowPeak([equity[0]!, ...values]);
  return dayStarts.map((dayStart, i) => ({ time: isoDay(dayStart), equity: values[i]!, drawdownPct: drawdowns[i + 1]! * 100 }));
}

/**
 * How the Sharpe and Sortino ratios are computed (stated on the page and in
 * the API as `ratioConvention`): daily returns of the compounded equity on
 * weekdays (FX trades Monday to Friday), from the first trade of the period,
 * annualised with 252 trading days, risk-free rate 0.
 */
export const RATIO_CONVENTION = { returns: "daily", periodsPerYear: 252, riskFreeRate: 0 } as const;

/**
 * Sharpe and Sortino ratios of returns r_1..r_N (fractions, one per period), risk-free 0,
 * annualised by √P (P = RATIO_CONVENTION.periodsPerYear):
 *   mean = Σ r / N;  sd = √(Σ (r − mean)² / (N − 1))
 *   sharpe  = mean / sd × √P                              (Sharpe 1994, "The Sharpe Ratio")
 *   downside = √(Σ min(r, 0)² / N);  sortino = mean / downside × √P
 *   (Sortino and Price 1994; the target-0 downside deviation over all N
 *   periods, as quantstats computes it)
 * Each is null with fewer than 2 returns or a zero denominator.
 */
export function ratios(returns: readonly number[], periodsPerYear: number = RATIO_CONVENTION.periodsPerYear): { sharpe: number | null; sortino: number | null } {
  const n = returns.length;
  if (n < 2) return { sharpe: null, sortino: null };
  let sum = 0;
  for (const r of returns) sum += r;
  const mean = sum / n;
  let squares = 0;
  let downSquares = 0;
  for (const r of returns) {
    squares += (r - mean) * (r - mean);
    const down = Math.min(r, 0);
    downSquares += down * down;
  }
  const sd = Math.sqrt(squares / (n - 1));
  const downside = Math.sqrt(downSquares / n);
  const annualise = Math.sqrt(periodsPerYear);
  return {
    sharpe: sd > 0 ? (mean / sd) * annualise : null,
    sortino: downside > 0 ? (mean / downside) * annualise : null,
  };
}

/**
 * The daily returns the ratios use: from `baseline` (the equity before the
 * period's first trade) through the equity at the end of each weekday from
 * `firstDay` (the day the period's first trade opened, or the period's start
 * if later) on; days before it, with no trade yet, are left out.
 *   r_j = E_j / E_{j−1} − 1
 * @param byDay the daily equity, oldest first (`time` is `YYYY-MM-DD`).
 */
export function dailyReturnsFrom(byDay: ReadonlyArray<{ time: string; equity: number }>, firstDay: string, baseline: number): number[] {
  const returns: number[] = [];
  let previous = baseline;
  for (const point of byDay) {
    if (point.time < firstDay) continue;
    const weekday = new Date(`${point.time}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    returns.push(previous > 0 ? point.equity / previous - 1 : 0);
    previous = point.equity;
  }
  return returns;
}

/** Whether a trade closed within the period ([from, to], either end open). */
function inPeriod(trade: ClosedTrade, options: TrackRecordOptions): boolean {
  const closed = trade.closedAt.getTime();
  return (!options.from || closed >= options.from.getTime()) && (!options.to || closed <= options.to.getTime());
}

/**
 * The record of the trades that closed in the period, net of costs
 * (`tradeResult`), at `riskPct` per trade compounded from STARTING_EQUITY:
 *   wins / losses / breakevens by `outcome`; winRate = wins / trades × 100
 *   avgWinR, avgLossR = mean net R of the wins, of the losses
 *   expectancyR = Σ net R / trades
 *   profitFactor = Σ net R of wins / |Σ net R of losses|
 *   totals = sums over the trades, in close order; pips summed per symbol only (`pipsBySymbol`)
 *   streaks: a breakeven ends a run of wins or losses
 *   maxDrawdownR, maxDrawdown: see `cumulativeR`
 *   equity: see `compound`; maxDrawdownPercent = min over the curve by trade of (E − running peak) / running peak × 100
 *   totalReturnPct = (E_end / E_0 − 1) × 100
 *   cagr = ((E_end / E_0)^(1 / years) − 1) × 100, years = (to − from) / 365.25 days
 *   sharpe, sortino: of the weekday returns from the period's first trade (`dailyReturnsFrom`, `ratios`)
 * @returns the record (figures over no trades are 0, or null where an average or ratio has no meaning).
 * @throws Error from `tradeResult` for a trade without exit or risk.
 */
export function computeTrackRecord(trades: ReadonlyArray<ClosedTrade>, options: TrackRecordOptions = {}): TrackRecord {
  return summarizeResults(trades.filter((trade) => inPeriod(trade, options)).map(tradeResult), options);
}

/**
 * The record of results already computed by `tradeResult` (any order; those
 * closed outside the period are left out): the same figures as
 * `computeTrackRecord` over the trades they came from.
 * @throws RangeError when a result's times are not as `toISOString` writes them.
 */
export function summarizeResults(results: ReadonlyArray<TradeResult>, options: TrackRecordOptions = {}): TrackRecord {
  const table = TradeResultTable.of(results);
  return summarizeTable(table, table.allRows(), options);
}

/**
 * The record of `rows` of `table` (rows in close order, e.g. `allRows()` or
 * `strategyRows(id)`; those closed outside the period are left out), with its
 * equity curve by trade: the figures of `computeTrackRecord`.
 */
export function summarizeTable(table: TradeResultTable, rows: Uint32Array, options: TrackRecordOptions = {}): TrackRecord {
  return summarize(table, rows, options, true);
}

/** As `summarizeTable`, without the equity curve by trade (no object per trade is made). */
export function summarizeTableWithoutCurve(table: TradeResultTable, rows: Uint32Array, options: TrackRecordOptions = {}): TrackRecordSummary {
  return summarize(table, rows, options, false);
}

function summarize(table: TradeResultTable, rows: Uint32Array, options: TrackRecordOptions, curveByTrade: true): TrackRecord;
function summarize(table: TradeResultTable, rows: Uint32Array, options: TrackRecordOptions, curveByTrade: false): TrackRecordSummary;
function summarize(table: TradeResultTable, rows: Uint32Array, options: TrackRecordOptions, curveByTrade: boolean): TrackRecordSummary | TrackRecord {
  const riskPct = options.riskPct ?? DEFAULT_RISK_PCT;
  const sorted = table.closedIn(rows, options.from?.getTime(), options.to?.getTime());
  const n = sorted.length;
  const { id, netR, grossR, grossPips, costPips, netPips, holdingHours } = table.numbers;
  const { openedAtMs, closedAtMs, outcome, symbolCode, pipValueEstimated } = table;
  const netRs = new Float64Array(n);
  let wins = 0;
  let losses = 0;
  let winR = 0;
  let lossR = 0;
  let largestWinR = Number.NEGATIVE_INFINITY;
  let largestLossR = Number.POSITIVE_INFINITY;
  const pips = new Map<number, SymbolPips>();
  let totalGrossR = 0;
  let totalNetR = 0;
  let holding = 0;
  let firstOpenMs = Number.POSITIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const row = sorted[k]!;
    const r = netR[row]!;
    netRs[k] = r;
    const code = symbolCode[row]!;
    let symbol = pips.get(code);
    if (!symbol) pips.set(code, (symbol = { symbol: table.symbolOf(code), trades: 0, grossPips: 0, costPips: 0, netPips: 0, estimatedPipValueTrades: 0 }));
    symbol.trades++;
    symbol.grossPips += grossPips[row]!;
    symbol.costPips += costPips[row]!;
    symbol.netPips += netPips[row]!;
    symbol.estimatedPipValueTrades += pipValueEstimated[row]!;
    totalGrossR += grossR[row]!;
    totalNetR += r;
    holding += holdingHours[row]!;
    if (outcome[row] === OUTCOME_CODES.win) {
      wins++;
      winR += r;
      if (r > largestWinR) largestWinR = r;
    } else if (outcome[row] === OUTCOME_CODES.loss) {
      losses++;
      lossR += r;
      if (r < largestLossR) largestLossR = r;
    }
    if (openedAtMs[row]! < firstOpenMs) firstOpenMs = openedAtMs[row]!;
  }

  const startMs = options.from?.getTime() ?? (n > 0 ? firstOpenMs : null);
  const endMs = options.to?.getTime() ?? (n > 0 ? closedAtMs[sorted[n - 1]!]! : null);
  const hasPeriod = startMs !== null && endMs !== null && endMs >= startMs;

  const equity = compound(netRs, riskPct);
  const timesMs = new Float64Array(n + 1);
  timesMs[0] = hasPeriod ? startMs : n > 0 ? openedAtMs[sorted[0]!]! : Number.NaN;
  for (let k = 0; k < n; k++) timesMs[k + 1] = closedAtMs[sorted[k]!]!;
  const cumulative = cumulativeR(netRs, timesMs);
  const equityDrawdowns = fractionBelowPeak(equity);
  const monthly = hasPeriod ? monthlyReturns(closedAtMs, sorted, equity, monthsBetween(startMs, endMs)) : [];
  const endingEquity = equity[n]!;
  const years = hasPeriod ? (endMs - startMs) / DAY_MS / YEAR_DAYS : 0;
  const byDay = hasPeriod ? dailyEquity(closedAtMs, sorted, equity, startMs, endMs) : [];
  const firstDay = n > 0 ? isoDay(Math.max(firstOpenMs, startMs ?? firstOpenMs)) : null;
  const { sharpe, sortino } = firstDay === null ? { sharpe: null, sortino: null } : ratios(dailyReturnsFrom(byDay, firstDay, equity[0]!));
  const streak = streaks(outcome, sorted);
  let lowestDrawdown = Number.POSITIVE_INFINITY;
  for (const value of equityDrawdowns) if (value < lowestDrawdown) lowestDrawdown = value;

  const summary: TrackRecordSummary = {
    riskPct,
    startingEquity: STARTING_EQUITY,
    from: hasPeriod ? new Date(startMs).toISOString() : null,
    to: hasPeriod ? new Date(endMs).toISOString() : null,
    trades: n,
    wins,
    losses,
    breakevens: n - wins - losses,
    winRate: n > 0 ? (wins / n) * 100 : null,
    avgWinR: wins > 0 ? winR / wins : null,
    avgLossR: losses > 0 ? lossR / losses : null,
    expectancyR: n > 0 ? totalNetR / n : null,
    profitFactor: losses > 0 ? winR / -lossR : null,
    pipsBySymbol: [...pips.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)),
    totalGrossR,
    totalNetR,
    largestWinR: wins > 0 ? largestWinR : null,
    largestLossR: losses > 0 ? largestLossR : null,
    longestWinStreak: streak.win,
    longestLossStreak: streak.loss,
    avgHoldingHours: n > 0 ? holding / n : null,
    maxDrawdownR: cumulative.maxDrawdownR,
    maxDrawdown: cumulative.span,
    endingEquity,
    totalReturnPct: (endingEquity / STARTING_EQUITY - 1) * 100,
    maxDrawdownPercent: Math.min(0, lowestDrawdown) * 100,
    cagr: n > 0 && years > 0 ? (Math.pow(endingEquity / STARTING_EQUITY, 1 / years) - 1) * 100 : null,
    sharpe,
    sortino,
    monthly,
    ratioConvention: { ...RATIO_CONVENTION, from: firstDay },
    equity: { byDay },
  };
  if (!curveByTrade) return summary;
  const byTrade: TradeEquityPoint[] = new Array(n === 0 ? 0 : n + 1);
  for (let i = 0; i < byTrade.length; i++) {
    byTrade[i] = {
      time: new Date(timesMs[i]!).toISOString(),
      tradeId: i === 0 ? null : id[sorted[i - 1]!]!,
      equity: equity[i]!,
      drawdownPct: equityDrawdowns[i]! * 100,
      cumulativeR: cumulative.cumulative[i]!,
      drawdownR: cumulative.drawdown[i]!,
    };
  }
  return { ...summary, equity: { byTrade, byDay: summary.equity.byDay } };
}

// ---------------------------------------------------------------------------
// CSV

/** The CSV columns, in order: the strategy, then every field of `TradeResult` (`simulated` and `pipValueEstimated` as `true`/`false`). */
export const TRADE_CSV_COLUMNS = [
  "strategySlug",
  "strategyName",
  "id",
  "symbol",
  "side",
  "openedAt",
  "closedAt",
  "closeReason",
  ...TRADE_FIGURE_FIELDS,
  "pipValueEstimated",
  "outcome",
  "simulated",
] as const;

/** One RFC 4180 field: quoted (with inner quotes doubled) when it holds a comma, a quote, CR or LF. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The trades as RFC 4180 CSV: a header row of `TRADE_CSV_COLUMNS`, then one
 * row per result, lines ended by CRLF (the last one too); numbers unrounded.
 * @param strategies slug and name of each strategy id (a missing one gives empty fields).
 */
export function tradesCsv(results: ReadonlyArray<TradeResult>, strategies: ReadonlyMap<number, { slug: string; name: string }>): string {
  const lines = [TRADE_CSV_COLUMNS.join(",")];
  for (const r of results) {
    const strategy = strategies.get(r.strategyId);
    const row: Record<(typeof TRADE_CSV_COLUMNS)[number], string | number> = {
      ...r,
      strategySlug: strategy?.slug ?? "",
      strategyName: strategy?.name ?? "",
      simulated: r.simulated ? "true" : "false",
      pipValueEstimated: r.pipValueEstimated ? "true" : "false",
    };
    lines.push(TRADE_CSV_COLUMNS.map((column) => csvField(row[column])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Calendar days each period button of the live record covers. */
export const LIVE_PERIOD_DAYS: Readonly<Record<ChartPeriod, number>> = { "1W": 7, "1M": 30, "3M": 91, "1Y": 365 };

/**
 * The period a button stands for, in whole UTC days: from the start of the day
 * `LIVE_PERIOD_DAYS` days before `asOf` to the end of `asOf`'s day (so the
 * period, and the cached record for it, stay the same all day).
 */
export function periodRange(period: ChartPeriod, asOf: Date): { from: Date; to: Date } {
  const today = Math.floor(asOf.getTime() / DAY_MS) * DAY_MS;
  return { from: new Date(today - LIVE_PERIOD_DAYS[period] * DAY_MS), to: new Date(today + DAY_MS - 1) };
}
