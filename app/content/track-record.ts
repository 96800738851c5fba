/**
 * Fixed texts of the live track record (issue 10): the Performance tab of a
 * strategy, the "Live track record" section of /performance, and the strategy
 * cards. The figures themselves are computed (app/domain/track-record.ts).
 */

export const LIVE_RECORD_TITLE = "Live track record";

export const LIVE_RECORD_INTRO =
  "Computed from every closed signal, net of spreads, commission and slippage. Every signal, its levels and its exits are in the public signal ledger, so each figure can be checked.";

/** What a record with no live trade says instead of zeros (docs/decisions/0146-live-record-by-default.md). */
export const NO_LIVE_TRADES = "No live trades yet";
export const NO_LIVE_TRADES_NOTE =
  "No signal published by our desk has closed in this period. Simulated history is never counted as live.";

/** The basis choices of a record (`?basis=`), in display order, and their caption. */
export const RECORD_BASIS_CHOICES = [
  { id: "live", label: "Live" },
  { id: "simulated", label: "Simulated" },
  { id: "all", label: "Live + simulated" },
] as const;
export const RECORD_BASIS_LABEL = "Trades counted";


export const NO_CLOSED_SIGNALS = "No signal has closed in this period yet.";

/** How many of the latest closed signals the Performance tab lists. */
export const LATEST_TRADES = 50;

export const LIVE_METHODOLOGY: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: "Costs",
    text: "Each closed signal is charged once per round turn: the spread (EURUSD 0.8, GBPUSD 1.2, USDJPY 0.9, XAUUSD 2.5 pips, 1.5 pips for other symbols), a commission of $3.50 per standard lot converted into pips of the instrument (for a pair quoted in neither USD nor its base's currency, at the quote currency's USD rate at the exit from the price bars; where no bar gives it, at an assumed $10 a pip, and the pips are marked est.), and 0.5 pips of slippage. Pips are added up per symbol only, never across instruments. Partial closes share the charge in proportion to the part of the position they closed.",
  },
  {
    title: "R multiples",
    text: "R is the result divided by the risk the signal was published with: the distance from its entry to its original stop loss. A signal that hit its original stop lost about 1R before costs. Results within 0.05R of zero count as breakeven.",
  },
  {
    title: "Equity and ratios",
    text: "The equity curve risks 1% of equity on each signal, compounded from 10,000, in the order the signals closed. The Sharpe and Sortino ratios use the daily returns of that curve on weekdays, from the first trade of the period (no empty days before it), annualised with 252 trading days, with a risk-free rate of 0.",
  },
];


/** Caption of the period buttons of the live record. */
export const LIVE_PERIOD_LABEL = "Live record period";

/** The periods of a subscriber's record in the portal (`?period=`): the live record's buttons plus the whole record. */
export const RECORD_PERIODS = [
  { id: "1W", label: "1W" },
  { id: "1M", label: "1M" },
  { id: "3M", label: "3M" },
  { id: "1Y", label: "1Y" },
  { id: "ALL", label: "All" },
] as const;

/** The portal's period when the URL names none. */
export const DEFAULT_RECORD_PERIOD = "ALL";

export const FOLLOWED_RECORDS_TITLE = "Live performance of your strategies";
export const FOLLOWED_RECORDS_INTRO = "Computed from each strategy's closed live signals (simulated history is left out), net of costs, over the period you choose.";
export const FOLLOWED_RECORDS_EMPTY = "Performance figures appear here for the strategies in your plan.";
