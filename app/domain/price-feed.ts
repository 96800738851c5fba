/**
 * Price feeds in the domain's terms (docs/decisions/0168-price-feed-adapter.md):
 * a feed answers M1 bars per symbol, with bid and ask where the source has
 * them; every event a feed bar causes carries a `FeedStamp` (source,
 * instrument, granularity, the bar as the provider sent it) inside its hashed
 * payload, so anyone can check the outcome against the provider's history.
 *
 * Also here, pure: parsing OANDA v20 candles (`GET /v3/instruments/{instrument}/candles`,
 * https://developer.oanda.com/rest-live-v20/instrument-ep/, response
 * `{instrument, granularity, candles: [{time, volume, complete, bid: {o,h,l,c}, ask: {o,h,l,c}}]}`,
 * prices as decimal strings, times RFC 3339), the poll window per symbol,
 * market hours for gaps and the stale-feed alarm, and the page's sentence
 * for a feed-caused event. No I/O, no clock: `now` is passed in.
 */

/** One side of a bar as the provider wrote it: open, high, low, close as decimal strings (quote units per base unit). */
export interface QuoteText {
  o: string;
  h: string;
  l: string;
  c: string;
}

/** One side of a bar as numbers, quote units per base unit. */
export interface Quote {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The feeds this project reads: OANDA v20 live/practice, and the two free M1 CSV sources for back-filling. */
export const FEED_SOURCES = ["oanda", "histdata", "dukascopy"] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/** How each source is named on the pages. */
export const FEED_SOURCE_LABELS: Record<FeedSource, string> = { oanda: "OANDA", histdata: "HistData", dukascopy: "Dukascopy" };

/** The bar a feed event came from, as the provider sent it: open time (ISO 8601 UTC) and its sides. */
export interface StampedBar {
  time: string;
  bid?: QuoteText;
  ask?: QuoteText;
  /** Mid-only (or single-sided, treated as mid) sources. */
  mid?: QuoteText;
}

/** Which side and level of the bar caused the event, with its price as the provider wrote it. */
export interface ReachedPrice {
  quote: "bid" | "ask" | "mid";
  level: "open" | "high" | "low" | "close";
  value: string;
}

/** What a feed-caused event records in its payload (field `feed`), inside the hash. */
export interface FeedStamp {
  source: FeedSource;
  /** The provider's own instrument name, e.g. `EUR_USD` (OANDA) or the symbol for CSV sources. */
  instrument: string;
  /** Bar length in the provider's terms; always `M1` here. */
  granularity: "M1";
  bar: StampedBar;
  /** Absent for events a bar's time alone causes (expiry). */
  reached?: ReachedPrice;
}

/** A bar from a feed: mid (or the only side) always; bid and ask both or neither. */
export interface FeedBar {
  symbol: string;
  /** The bar's open time, UTC. */
  time: Date;
  /** Mid prices (the mean of bid and ask when both are given). */
  mid: Quote;
  bidAsk: { bid: Quote; ask: Quote } | null;
  /** The stamp every event this bar causes carries (without `reached`, which the replay adds). */
  stamp: Omit<FeedStamp, "reached">;
}

/** The adapter every price source implements. */
export interface PriceFeed {
  source: FeedSource;
  /** The provider's instrument for a symbol, or null when the source does not carry it. */
  instrumentFor(symbol: string): string | null;
  /**
   * Complete M1 bars of `symbol` with open times in [from, to), oldest first.
   * @throws FeedError when the provider refuses or cannot be reached.
   */
  bars(symbol: string, from: Date, to: Date): Promise<FeedBar[]>;
}

/** A provider's refusal or an unreadable answer; `message` never contains the token. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedError";
  }
}

const DECIMAL = /^\d{1,9}(\.\d{1,9})?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function quoteText(value: unknown, where: string): QuoteText {
  if (!isRecord(value)) throw new FeedError(`${where} is missing`);
  const out: Record<string, string> = {};
  for (const key of ["o", "h", "l", "c"] as const) {
    const price = value[key];
    if (typeof price !== "string" || !DECIMAL.test(price) || Number(price) <= 0) throw new FeedError(`${where}.${key} must be a decimal string`);
    out[key] = price;
  }
  return out as unknown as QuoteText;
}

/** A side as numbers. */
export function quoteOf(text: QuoteText): Quote {
  return { open: Number(text.o), high: Number(text.h), low: Number(text.l), close: Number(text.c) };
}

/** `value` rounded to 12 significant digits (removes binary noise from sums such as (bid + ask) / 2). */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/** The mid of bid and ask, per field: (bid + ask) / 2. */
export function midOf(bid: Quote, ask: Quote): Quote {
  const mean = (a: number, b: number) => clean((a + b) / 2);
  return { open: mean(bid.open, ask.open), high: mean(bid.high, ask.high), low: mean(bid.low, ask.low), close: mean(bid.close, ask.close) };
}

/** RFC 3339 with nanoseconds (OANDA's) to a Date, truncated to ms. */
function parseRfc3339(text: unknown, where: string): Date {
  if (typeof text !== "string" || !RFC3339.test(text)) throw new FeedError(`${where} must be an RFC 3339 UTC time`);
  const ms = Date.parse(text.replace(/(\.\d{3})\d+Z$/, "$1Z"));
  if (Number.isNaN(ms)) throw new FeedError(`${where} must be an RFC 3339 UTC time`);
  return new Date(ms);
}

/**
 * The complete candles of an OANDA v20 candles answer (`price=BA`), as feed bars of `symbol`.
 * Incomplete candles (the minute still forming) are left out: a bar is final only once complete.
 * @param body the parsed JSON answer `{instrument, granularity, candles: [...]}`.
 * @param symbol our symbol, e.g. EURUSD; `instrument` must be its OANDA name.
 * @throws FeedError for an answer that does not have the documented shape.
 */
export function parseOandaCandles(body: unknown, symbol: string, instrument: string): FeedBar[] {
  if (!isRecord(body) || !Array.isArray(body.candles)) throw new FeedError("The candles answer has no candles array");
  if (body.instrument !== instrument) throw new FeedError(`The candles answer is for ${String(body.instrument)}, not ${instrument}`);
  if (body.granularity !== "M1") throw new FeedError("The candles answer is not M1");
  const bars: FeedBar[] = [];
  body.candles.forEach((candle: unknown, index: number) => {
    if (!isRecord(candle)) throw new FeedError(`candles.${index} must be an object`);
    if (candle.complete !== true) return;
    const time = parseRfc3339(candle.time, `candles.${index}.time`);
    const bidText = quoteText(candle.bid, `candles.${index}.bid`);
    const askText = quoteText(candle.ask, `candles.${index}.ask`);
    const bid = quoteOf(bidText);
    const ask = quoteOf(askText);
    bars.push({
      symbol,
      time,
      mid: midOf(bid, ask),
      bidAsk: { bid, ask },
      stamp: { source: "oanda", instrument, granularity: "M1", bar: { time: time.toISOString(), bid: bidText, ask: askText } },
    });
  });
  bars.sort((a, b) => a.time.getTime() - b.time.getTime());
  return bars;
}

/** An M1 bar in ms. */
export const M1_MS = 60_000;
/** Most candles OANDA answers per request (its documented `count` limit, which a from/to range must respect too). */
export const OANDA_MAX_CANDLES = 5000;

/**
 * The window to ask a feed for, per symbol: from the minute after the last
 * bar received (or, for a symbol never polled, from `since`, the oldest open
 * signal's latest event), to the start of the current minute (a bar is
 * complete once its minute ends), at most `OANDA_MAX_CANDLES` minutes long
 * (the next poll continues). Null when there is nothing new to ask for.
 */
export function pollWindow(lastBarAt: Date | null, since: Date, now: Date): { from: Date; to: Date } | null {
  const floorMinute = (ms: number) => Math.floor(ms / M1_MS) * M1_MS;
  const from = lastBarAt ? lastBarAt.getTime() + M1_MS : floorMinute(since.getTime());
  const to = Math.min(floorMinute(now.getTime()), from + OANDA_MAX_CANDLES * M1_MS);
  return to > from ? { from: new Date(from), to: new Date(to) } : null;
}

/**
 * Whether the FX market is closed at `at` (UTC), so a missing bar is no gap:
 * the weekend, from Friday 21:00 to Sunday 22:00 UTC (the New York 17:00
 * close in summer time, the Sydney open in winter time: the widest of the
 * two, so a quiet hour is never an alarm), and the days
 * OANDA does not trade, 25 December and 1 January.
 */
export function marketClosed(at: Date): boolean {
  const day = at.getUTCDay();
  const hour = at.getUTCHours();
  if (day === 6) return true;
  if (day === 5 && hour >= 21) return true;
  if (day === 0 && hour < 22) return true;
  const month = at.getUTCMonth();
  const date = at.getUTCDate();
  return (month === 11 && date === 25) || (month === 0 && date === 1);
}

/** A feed is stale when the market is open and its newest bar of a watched symbol is older than this, ms. */
export const STALE_FEED_MS = 5 * 60_000;

/**
 * Market minutes with no bar between consecutive bar times (and from the
 * last bar to `now`'s minute), weekends and holidays excluded (`marketClosed`).
 * @param times bar open times, ascending.
 * @returns the number of missing M1 bars while the market was open.
 */
export function missingMinutes(times: readonly Date[], now: Date): number {
  let missing = 0;
  const end = Math.floor(now.getTime() / M1_MS) * M1_MS;
  for (let i = 0; i < times.length; i += 1) {
    const next = i + 1 < times.length ? times[i + 1]!.getTime() : end;
    for (let t = times[i]!.getTime() + M1_MS; t < next; t += M1_MS) if (!marketClosed(new Date(t))) missing += 1;
  }
  return missing;
}

/** A symbol's feed state as the desk and the status page show it. */
export interface FeedHealth {
  symbol: string;
  source: FeedSource;
  lastBarAt: Date | null;
  /** True when the market is open and the last bar is older than `STALE_FEED_MS` (or no bar came yet after the first poll). */
  stale: boolean;
  lastError: string | null;
}

/** Whether a feed whose newest bar is `lastBarAt` is stale at `now` (see `FeedHealth.stale`). */
export function isStale(lastBarAt: Date | null, polledAt: Date | null, now: Date): boolean {
  if (marketClosed(now)) return false;
  if (lastBarAt === null) return polledAt !== null && now.getTime() - polledAt.getTime() > STALE_FEED_MS;
  return now.getTime() - lastBarAt.getTime() > STALE_FEED_MS + M1_MS;
}

function isFeedSource(value: unknown): value is FeedSource {
  return typeof value === "string" && (FEED_SOURCES as readonly string[]).includes(value);
}

/** The stamp of a stored payload (canonical JSON text), or null when the event was not feed-caused. */
export function stampOfPayload(payload: string | null): FeedStamp | null {
  if (payload === null) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!isRecord(parsed) || !isRecord(parsed.feed) || !isFeedSource(parsed.feed.source) || !isRecord(parsed.feed.bar)) return null;
    return parsed.feed as unknown as FeedStamp;
  } catch {
    return null;
  }
}

const EVENT_VERBS: Record<string, string> = {
  triggered: "Triggered",
  closed: "Closed",
  partially_closed: "Partly closed",
  modified: "Stop moved",
  expired: "Expired",
};

/**
 * The page's sentence for a feed-caused event, e.g.
 * "Closed by OANDA M1 bar 2026-11-28 10:41 UTC (bid low 1.08391)"; null for other events.
 */
export function feedSentence(type: string, payload: string | null): string | null {
  const stamp = stampOfPayload(payload);
  if (!stamp) return null;
  const time = stamp.bar.time.slice(0, 16).replace("T", " ");
  const verb = EVENT_VERBS[type] ?? type;
  const reached = stamp.reached ? ` (${stamp.reached.quote === "mid" ? "" : `${stamp.reached.quote} `}${stamp.reached.level} ${stamp.reached.value})` : "";
  return `${verb} by ${FEED_SOURCE_LABELS[stamp.source]} ${stamp.granularity} bar ${time} UTC${reached}`;
}
