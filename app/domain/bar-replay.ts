/**
 * Resolving open signals from price bars (docs/decisions/0023-bar-replay-rules.md).
 *
 * `normaliseBars` validates the OHLC bars of one request (`POST
 * /api/admin/prices`), drops exact duplicates and sorts them; `replayBars`
 * runs them, in time order, against open signals through the lifecycle's own
 * decision functions, so a replayed event is exactly what the desk could have
 * recorded. Pure: `now` is passed in and only refuses bars from the future.
 *
 * Rules, per signal and per bar (bar `time` = the bar's open time, UTC):
 * - A bar applies only when its time is after the signal's latest event, so
 *   a bar (or a re-sent copy) never rewrites history already recorded.
 * - PENDING: a bar at or after `expiresAt` expires it (event dated `expiresAt`).
 *   Otherwise, when the bar touches the entry it is triggered: a limit fills at
 *   its price; a stop fills at its price or, after a gap, at the bar's open.
 *   The same bar then closes it at the stop if it also reaches the stop (worst
 *   case, as below); a target in the trigger bar waits for the next bar, since the bar
 *   cannot tell whether the target came before the fill.
 * - ACTIVE: a bar at or after `expiresAt` closes it at the bar's open (EXPIRY).
 *   Otherwise the stop first: a bar reaching the stop closes it there (or at
 *   the open after a gap through it), even when the bar reached the target
 *   too. Else the target: TP1 closes it when there is no TP2; with a TP2,
 *   TP1 closes half of what is open and moves the stop to break-even; TP2
 *   closes the rest. Targets fill at their price. One bar moves a signal one step.
 * - Every event a bar causes is dated at the bar's time.
 * - Bid/ask-true (docs/decisions/0169-bid-ask-fills.md): a bar that carries
 *   bid and ask (a feed bar) fills a LONG on the ask and exits it on the bid,
 *   a SHORT the reverse, so the spread observed is paid; a mid-only bar (the
 *   admin's) uses its one set of prices for both. A feed bar's events carry
 *   its stamp and the side and level that caused them (`payload.feed`).
 *
 * Because each signal only ever looks at bars after its latest event, replaying
 * bars all at once, one by one, or in any chunks (each chunk not older than the
 * one before) gives the same events and states.
 */
import type { FeedBar, FeedStamp, Quote, QuoteText, ReachedPrice } from "./price-feed";
import {
  close,
  expire,
  modify,
  partialClose,
  samePrice,
  trigger,
  type SignalEvent,
  type SignalState,
  type TransitionResult,
} from "./signal-lifecycle";

/** Most bars one request may carry. */
export const MAX_BARS_PER_REQUEST = 10_000;

/** A validated bar: `time` is the bar's open time (UTC), prices in quote currency. */
export interface Bar {
  symbol: string;
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Feed bars: bid and ask sides (fills and exits are bid/ask-true) and the stamp their events carry. */
  feed?: Pick<FeedBar, "bidAsk" | "stamp">;
}

/** A refused bar; `field` is its path in the request body, such as "3.time". */
export interface BarError {
  field: string;
  message: string;
}

export type NormaliseResult = { ok: true; bars: Bar[] } | { ok: false; errors: BarError[] };

/** An open signal to replay against, identified by its id. */
export interface ReplaySignal {
  id: number;
  state: SignalState;
}

/** A signal the bars changed: the events to append, in order, and the state after them. */
export interface ReplayChange {
  id: number;
  events: SignalEvent[];
  state: SignalState;
}

export type ReplayResult = { ok: true; bars: Bar[]; changes: ReplayChange[] } | { ok: false; errors: BarError[] };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
const SYMBOL = /^[A-Z]{6}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A bar time: an ISO 8601 date-time with Z or an offset, or epoch milliseconds (an integer). Null when neither. */
function parseBarTime(value: unknown): Date | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? new Date(value) : null;
  if (typeof value !== "string" || !ISO_TIME.test(value.trim())) return null;
  const ms = Date.parse(value.trim().toUpperCase());
  return Number.isNaN(ms) ? null : new Date(ms);
}

function barProblems(raw: unknown, index: number, now: Date): { bar: Bar | null; errors: BarError[] } {
  if (!isRecord(raw)) return { bar: null, errors: [{ field: `${index}`, message: `Bar ${index} must be an object` }] };
  const errors: BarError[] = [];
  const symbol = typeof raw.symbol === "string" ? raw.symbol.trim().toUpperCase() : "";
  if (!SYMBOL.test(symbol)) errors.push({ field: `${index}.symbol`, message: `Bar ${index}: symbol must be 6 letters, such as EURUSD` });
  const time = parseBarTime(raw.time);
  if (!time) {
    errors.push({ field: `${index}.time`, message: `Bar ${index}: time must be an ISO 8601 UTC date-time or epoch milliseconds` });
  } else if (time.getTime() > now.getTime()) {
    errors.push({ field: `${index}.time`, message: `Bar ${index} is dated in the future (${time.toISOString()})` });
  }
  const prices: Record<"open" | "high" | "low" | "close", number> = { open: 0, high: 0, low: 0, close: 0 };
  for (const key of ["open", "high", "low", "close"] as const) {
    const value = raw[key];
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      errors.push({ field: `${index}.${key}`, message: `Bar ${index}: ${key} must be a number greater than 0` });
    } else {
      prices[key] = value;
    }
  }
  if (errors.length > 0 || !time) return { bar: null, errors };
  const { open, high, low, close: last } = prices;
  if (low > Math.min(open, last) || high < Math.max(open, last)) {
    errors.push({ field: `${index}.low`, message: `Bar ${index}: low must be at most open and close, and high at least both` });
    return { bar: null, errors };
  }
  return { bar: { symbol, time, open, high, low, close: last }, errors };
}

/**
 * Validates a request body of bars `[{symbol, time, open, high, low, close}]`.
 * `time` is ISO 8601 with Z or an offset, or epoch milliseconds; symbols are
 * upper-cased. Bars with the same (symbol, time) and prices are one bar; the
 * same (symbol, time) with other prices is refused. The result is sorted by time, then symbol.
 * @returns the bars, or every problem found, each naming its field ("3.time").
 */
export function normaliseBars(body: unknown, now: Date): NormaliseResult {
  if (!Array.isArray(body)) return { ok: false, errors: [{ field: "body", message: "The body must be an array of bars" }] };
  if (body.length > MAX_BARS_PER_REQUEST) {
    return { ok: false, errors: [{ field: "body", message: `At most ${MAX_BARS_PER_REQUEST} bars per request` }] };
  }
  const errors: BarError[] = [];
  const byKey = new Map<string, { bar: Bar; index: number }>();
  body.forEach((raw, index) => {
    const checked = barProblems(raw, index, now);
    errors.push(...checked.errors);
    if (!checked.bar) return;
    const key = `${checked.bar.symbol}@${checked.bar.time.getTime()}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { bar: checked.bar, index });
    } else if (!sameBar(seen.bar, checked.bar)) {
      errors.push({ field: `${index}`, message: `Bar ${index} has the same symbol and time as bar ${seen.index} but other prices` });
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const bars = [...byKey.values()].map((entry) => entry.bar);
  bars.sort((a, b) => a.time.getTime() - b.time.getTime() || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  return { ok: true, bars };
}

function sameBar(a: Bar, b: Bar): boolean {
  return a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close;
}

/** The result of a decision the replay makes; a refusal here means the replay broke a lifecycle rule. */
function accepted(result: TransitionResult): { event: SignalEvent; state: SignalState } {
  if (!result.ok) throw new Error(`Bar replay made a refused transition: ${result.error.field}: ${result.error.message}`);
  return result;
}

/** The side of a bar a price was read from. */
interface Side {
  name: "bid" | "ask" | "mid";
  quote: Quote;
}

/** The side a position ENTERS on: a LONG buys at the ask, a SHORT sells at the bid; mid-only bars have one side. */
function entrySide(bar: Bar, long: boolean): Side {
  const sides = bar.feed?.bidAsk;
  if (!sides) return { name: "mid", quote: bar };
  return long ? { name: "ask", quote: sides.ask } : { name: "bid", quote: sides.bid };
}

/** The side a position EXITS on: a LONG sells at the bid, a SHORT buys back at the ask. */
function exitSide(bar: Bar, long: boolean): Side {
  const sides = bar.feed?.bidAsk;
  if (!sides) return { name: "mid", quote: bar };
  return long ? { name: "bid", quote: sides.bid } : { name: "ask", quote: sides.ask };
}

/** Whether the side's high went up to `price` (inclusive). */
function reachesAbove(quote: Quote, price: number): boolean {
  return quote.high >= price;
}
/** Whether the side's low went down to `price` (inclusive). */
function reachesBelow(quote: Quote, price: number): boolean {
  return quote.low <= price;
}

const LEVEL_KEYS = { open: "o", high: "h", low: "l", close: "c" } as const;

/** The provider's text for a side's level: the stamp's own string for feed sides, the number's shortest text for mid-only stamps. */
function reachedPrice(bar: Bar, side: Side, level: ReachedPrice["level"]): ReachedPrice | undefined {
  const stamped: QuoteText | undefined = bar.feed?.stamp.bar[side.name];
  if (!stamped) return undefined;
  return { quote: side.name, level, value: stamped[LEVEL_KEYS[level]] };
}

/** The event with the bar's stamp (and what it reached) in its payload; unchanged for bars without a feed. */
function stamped(event: SignalEvent, bar: Bar, reached: ReachedPrice | undefined): SignalEvent {
  if (!bar.feed) return event;
  const feed: FeedStamp = reached ? { ...bar.feed.stamp, reached } : { ...bar.feed.stamp };
  return { ...event, payload: { ...event.payload, feed } } as SignalEvent;
}

/** The events one bar causes for one open signal (possibly none), applied in order. */
function stepSignal(state: SignalState, bar: Bar, now: Date): { events: SignalEvent[]; state: SignalState } {
  const events: SignalEvent[] = [];
  let current = state;
  const take = (result: TransitionResult, reached?: ReachedPrice) => {
    const next = accepted(result);
    events.push(stamped(next.event, bar, reached));
    current = next.state;
  };
  const at = bar.time;
  const long = state.side === "LONG";
  const entry = entrySide(bar, long);
  const exit = exitSide(bar, long);
  const expired = at.getTime() >= state.expiresAt.getTime();
  const stopLevel = long ? "low" : "high";
  const targetLevel = long ? "high" : "low";

  if (current.status === "PENDING") {
    if (expired) {
      take(expire(current, now));
      return { events, state: current };
    }
    const fill = fillPrice(current, entry.quote);
    if (fill === null) return { events, state: current };
    take(trigger(current, { fillPrice: fill.price }, at, now), reachedPrice(bar, entry, fill.level));
    if (stopReached(current, exit.quote)) {
      take(close(current, { exitPrice: stopExit(current, exit.quote), reason: stopReason(current) }, at, now), reachedPrice(bar, exit, stopLevel));
    }
    return { events, state: current };
  }

  if (expired) {
    take(close(current, { exitPrice: exit.quote.open, reason: "EXPIRY" }, at, now), reachedPrice(bar, exit, "open"));
    return { events, state: current };
  }
  if (stopReached(current, exit.quote)) {
    take(close(current, { exitPrice: stopExit(current, exit.quote), reason: stopReason(current) }, at, now), reachedPrice(bar, exit, stopLevel));
    return { events, state: current };
  }
  const target = current.tp1Taken ? current.tp2 : current.tp1;
  if (target === null || !(long ? reachesAbove(exit.quote, target) : reachesBelow(exit.quote, target))) return { events, state: current };
  const reached = reachedPrice(bar, exit, targetLevel);
  if (current.tp1Taken) {
    take(close(current, { exitPrice: target, reason: "TP2" }, at, now), reached);
  } else if (current.tp2 === null) {
    take(close(current, { exitPrice: target, reason: "TP1" }, at, now), reached);
  } else {
    take(partialClose(current, { exitPrice: target, fraction: current.remaining / 2, reason: "TP1" }, at, now), reached);
    const fillAt = current.fillPrice ?? current.entryPrice;
    const stopProtects = long ? current.sl >= fillAt : current.sl <= fillAt;
    if (!stopProtects) take(modify(current, { sl: fillAt }, at, now), reached);
  }
  return { events, state: current };
}

/**
 * The fill price when the entry side of the bar touches a PENDING signal's
 * entry, and the level that touched it; else null. LONG limit: low ≤ entry,
 * filled at entry. LONG stop: high ≥ entry, filled at max(open, entry).
 * SHORT mirrored. (A limit order never fills worse than its price; a stop
 * becomes a market order and gaps fill at the open.)
 */
function fillPrice(state: SignalState, quote: Quote): { price: number; level: "low" | "high" } | null {
  const entry = state.entryPrice;
  const buysBelow = (state.side === "LONG") === (state.entryMethod === "limit");
  if (state.entryMethod === "limit") {
    if (buysBelow) return reachesBelow(quote, entry) ? { price: entry, level: "low" } : null;
    return reachesAbove(quote, entry) ? { price: entry, level: "high" } : null;
  }
  if (buysBelow) return reachesBelow(quote, entry) ? { price: Math.min(quote.open, entry), level: "low" } : null;
  return reachesAbove(quote, entry) ? { price: Math.max(quote.open, entry), level: "high" } : null;
}

function stopReached(state: SignalState, quote: Quote): boolean {
  return state.side === "LONG" ? reachesBelow(quote, state.sl) : reachesAbove(quote, state.sl);
}

/** A stop fills at its price, or at the side's open when it opened beyond it (a gap): the worse of the two. */
function stopExit(state: SignalState, quote: Quote): number {
  return state.side === "LONG" ? Math.min(quote.open, state.sl) : Math.max(quote.open, state.sl);
}

/** BREAKEVEN when the stop sits at the fill price (to 0.1 pip), else SL. */
function stopReason(state: SignalState): "SL" | "BREAKEVEN" {
  return state.fillPrice !== null && samePrice(state.sl, state.fillPrice, state.pipSize) ? "BREAKEVEN" : "SL";
}

/**
 * Replays bars against open signals.
 * @param signals the open (PENDING or ACTIVE) signals with their ids; ended ones are left as they are.
 * @param body the request body of bars (validated with `normaliseBars`).
 * @param now the current time; bars after it are refused.
 * @returns the validated bars and, for each signal the bars changed, the
 *   events to append (each dated at its bar's time, or at `expiresAt` for
 *   `expired`) and its new state; or the bar errors (nothing is replayed then).
 */
export function replayBars(signals: readonly ReplaySignal[], body: unknown, now: Date): ReplayResult {
  const normalised = normaliseBars(body, now);
  if (!normalised.ok) return normalised;
  return { ok: true, bars: normalised.bars, changes: replayValidBars(signals, normalised.bars, now) };
}

/**
 * The feed's bars as replay bars: mid prices for the mid-only rules, with
 * their bid/ask sides and stamp. Pure reshaping; the feed parsed them.
 */
export function feedReplayBars(bars: readonly FeedBar[]): Bar[] {
  return bars
    .map((bar) => ({ symbol: bar.symbol, time: bar.time, ...bar.mid, feed: { bidAsk: bar.bidAsk, stamp: bar.stamp } }))
    .sort((a, b) => a.time.getTime() - b.time.getTime() || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}

/**
 * Replays bars already validated and sorted by time (`normaliseBars`, or a
 * feed's `feedReplayBars`) against open signals; same rules and result as `replayBars`.
 */
export function replayValidBars(signals: readonly ReplaySignal[], bars: readonly Bar[], now: Date): ReplayChange[] {
  const bySymbol = new Map<string, Bar[]>();
  for (const bar of bars) {
    const list = bySymbol.get(bar.symbol) ?? [];
    list.push(bar);
    bySymbol.set(bar.symbol, list);
  }
  const changes: ReplayChange[] = [];
  for (const { id, state } of signals) {
    let current = state;
    const events: SignalEvent[] = [];
    for (const bar of bySymbol.get(state.symbol) ?? []) {
      if (current.status !== "PENDING" && current.status !== "ACTIVE") break;
      if (bar.time.getTime() <= current.lastEventAt.getTime()) continue;
      const step = stepSignal(current, bar, now);
      events.push(...step.events);
      current = step.state;
    }
    if (events.length > 0) changes.push({ id, events, state: current });
  }
  return changes;
}
