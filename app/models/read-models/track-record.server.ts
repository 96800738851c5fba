/**
 * The live track record read model: the closed signals with a recorded
 * outcome, turned into per-trade results (`tradeResult`) and summarized on
 * read (`summarizeResults`), per strategy or for all of them.
 *
 * Cache (docs/decisions/0039-track-record-cache.md): the per-trade results and
 * the records already asked for are kept in memory under the ledger head (seq
 * and hash). Every write to a signal appends a ledger event and so moves the
 * head: the next read sees a new key and rebuilds, so no figure outlives a close.
 * The results are kept in columns (`TradeResultTable`), and the next head's
 * table is the last one with the changed signals' rows replaced
 * (docs/decisions/0086-trade-results-in-merged-columns.md). Kept records leave
 * out their equity curve by trade (one object per trade), which only the
 * performance API's body needs (docs/decisions/0085-kept-records-without-the-curve-by-trade.md).
 *
 * Basis (docs/decisions/0146-live-record-by-default.md): every record is
 * of one basis (`RecordBasis`): live trades only (the default), the
 * simulated history only, or all; a trade is simulated when its `published`
 * event says so (docs/decisions/0145-simulated-flag-in-the-ledger.md).
 *
 * Every trade is folded from its signal's ledger events, never read from the
 * signals row (docs/decisions/0128-figures-fold-from-the-ledger.md). Only
 * signals whose fold is CLOSED with an outcome count: signals closed before
 * the ledger recorded exits carry none and stay out
 * (docs/decisions/0027-signal-ledger-storage.md).
 */
import { and, asc, eq, gt, inArray, lte, max, type SQL } from "drizzle-orm";
import { signalEvents, signals, strategies, type Strategy } from "../../../db/schema";
import { chartAxes, sparklineGeometry, type SparklineGeometry } from "~/domain/chart-axes";
import { closedTradeOf, foldSignals } from "~/domain/ledger-fold";
import { DEFAULT_RECORD_BASIS, type RecordBasis } from "~/domain/record-basis";
import {
  quoteUsdPairOf,
  quoteUsdRate,
  summarizeTable,
  summarizeTableWithoutCurve,
  tradeResult,
  type ClosedTrade,
  type TrackRecord,
  type TrackRecordOptions,
  type TrackRecordSummary,
  type TradeResult,
} from "~/domain/track-record";
import { TradeResultTable } from "~/domain/trade-result-table";
import { getLedgerHead } from "~/models/ledger.server";
import { lastBarAtOrBefore } from "~/models/price-replay.server";
import { getStrategyBySlug, toApiStrategy, type ApiStrategy } from "~/models/strategies.server";
import { getDb } from "~/platform/db.server";
import { MIN_CLOSED_SIGNALS_FOR_FIGURES } from "~/content/live-win-rate";

/** What a record is computed over: one strategy (by id) or every strategy. */
export type TrackRecordScope = { strategyId: number } | "all";

/** What to compute a record over: risk, period (`TrackRecordOptions`) and the basis (default live). */
export type RecordOptions = TrackRecordOptions & { basis?: RecordBasis };

/** How many computed records each ledger head keeps (the API's `risk`/`from`/`to` make many keys possible). */
const MAX_RECORDS_PER_HEAD = 200;

/** How many serialised bodies each ledger head keeps (on a long record, each is tens of MB: the equity curve by trade, the CSV). */
const MAX_BODIES_PER_HEAD = 8;

/** A record as kept: every figure and the daily curve, without the curve by trade. */
type KeptRecord = TrackRecordSummary;

interface CacheEntry {
  /** The ledger head the entry reflects (seq 0 and hash "" for an empty ledger). */
  seq: number;
  hash: string;
  /** Every closed signal's result, in close order (then id). */
  table: TradeResultTable;
  records: Map<string, KeptRecord>;
  /** Serialised answers (`cachedTrackRecordBody`), by kind and record key. */
  bodies: Map<string, Promise<unknown>>;
}

/** Above this many changed signals since the cached head, everything is read afresh (one query instead of a long id list). */
const MAX_INCREMENTAL_SIGNALS = 1_000;

let cache: CacheEntry | null = null;

/**
 * The closed trades among the signals that `which` selects (a condition on
 * `signal_events.signal_id`), each folded from its ledger events
 * (`foldSignals`, `closedTradeOf`): the projection columns of the signals row
 * are never read, so editing them moves no figure
 * (docs/decisions/0128-figures-fold-from-the-ledger.md).
 */
function foldedTrades(which: SQL): ClosedTrade[] {
  const db = getDb();
  const closed = db.select({ id: signalEvents.signalId }).from(signalEvents).where(and(eq(signalEvents.type, "closed"), which));
  const rows = db
    .select({ signalId: signalEvents.signalId, type: signalEvents.type, payload: signalEvents.payload, occurredAt: signalEvents.occurredAt })
    .from(signalEvents)
    .where(inArray(signalEvents.signalId, closed))
    .orderBy(asc(signalEvents.seq))
    .all();
  const states = foldSignals(rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown })));
  const trades: ClosedTrade[] = [];
  for (const [id, state] of states) {
    const trade = state ? closedTradeOf(id, state) : null;
    if (trade) trades.push(withQuoteUsd(trade));
  }
  return trades;
}

/**
 * A cross's trade with its quote currency's USD rate at the exit: the close of
 * the last stored bar of that currency's USD pair at or before `closedAt`
 * (docs/decisions/0156-pip-values-from-price-bars.md); null when no bar is
 * stored, and the result's pip value is then marked estimated. Other trades
 * are returned as they are.
 */
function withQuoteUsd(trade: ClosedTrade): ClosedTrade {
  const pair = quoteUsdPairOf(trade.symbol);
  if (!pair) return trade;
  const bar = lastBarAtOrBefore(pair.symbol, trade.closedAt);
  return { ...trade, quoteUsd: bar ? quoteUsdRate(pair, bar) : null };
}

/** The changed signals (`ids`) that are closed with an outcome, folded from the ledger. */
function loadClosedTrades(ids: readonly number[]): ClosedTrade[] {
  return ids.length > 0 ? foldedTrades(inArray(signalEvents.signalId, [...ids])) : [];
}

/**
 * How many signal ids a full read takes per query. Each batch's rows and
 * results are garbage once they are in the table, so a read of a million
 * signals never holds a million of them as objects
 * (docs/decisions/0089-full-read-in-batches.md).
 */
const FULL_READ_BATCH_IDS = 50_000;

/** Every closed signal's result, read afresh in batches of ids within one read transaction (one snapshot). */
function fullLoad(seq: number, hash: string): CacheEntry {
  const table = getDb().transaction(
    () => {
      const newest = getDb().select({ id: max(signals.id) }).from(signals).get()?.id ?? 0;
      return TradeResultTable.build((add) => {
        for (let after = 0; after < newest; after += FULL_READ_BATCH_IDS) {
          for (const trade of foldedTrades(and(gt(signalEvents.signalId, after), lte(signalEvents.signalId, after + FULL_READ_BATCH_IDS))!)) add(tradeResult(trade));
        }
      });
    },
    { behavior: "deferred" },
  );
  return { seq, hash, table, records: new Map(), bodies: new Map() };
}

/**
 * The cache entry for the current ledger head. When the head moved on from the
 * cached one (the cached head's row is still in the ledger), only the signals
 * with events after it are read again, and only the records of their
 * strategies (and of all) are dropped; otherwise everything is read afresh.
 */
function current(): CacheEntry {
  const head = getLedgerHead() ?? { seq: 0, hash: "" };
  if (cache && cache.seq === head.seq && cache.hash === head.hash) return cache;
  if (!cache || cache.seq === 0 || cache.seq > head.seq || !isInLedger(cache.seq, cache.hash)) {
    cache = fullLoad(head.seq, head.hash);
    return cache;
  }
  const changedIds = getDb()
    .selectDistinct({ id: signalEvents.signalId })
    .from(signalEvents)
    .where(gt(signalEvents.seq, cache.seq))
    .all()
    .map((row) => row.id);
  if (changedIds.length > MAX_INCREMENTAL_SIGNALS) {
    cache = fullLoad(head.seq, head.hash);
    return cache;
  }
  const fresh = loadClosedTrades(changedIds).map(tradeResult);
  const table = cache.table.withChanges(new Set(changedIds), fresh);
  const touched = new Set(fresh.map((r) => r.strategyId));
  const records = new Map(
    [...cache.records].filter(([key]) => {
      const [scope] = JSON.parse(key) as [TrackRecordScope];
      return scope !== "all" && !touched.has(scope.strategyId);
    }),
  );
  cache = { seq: head.seq, hash: head.hash, table, records, bodies: new Map() };
  return cache;
}

/** Whether the ledger row `seq` has `hash` (the cached head is still part of this ledger). */
function isInLedger(seq: number, hash: string): boolean {
  return getDb().select({ hash: signalEvents.hash }).from(signalEvents).where(eq(signalEvents.seq, seq)).get()?.hash === hash;
}

/** The records map's key: JSON of [scope, risk, from, to, basis] (so it starts with `"all"` or `{"strategyId":…}`). */
function recordKey(scope: TrackRecordScope, options: RecordOptions): string {
  return JSON.stringify([scope, options.riskPct ?? null, options.from?.getTime() ?? null, options.to?.getTime() ?? null, options.basis ?? DEFAULT_RECORD_BASIS]);
}

/** The rows of `scope` on `basis` (default live) in close order (all of the table's, or one strategy's). */
function scopeRows(entry: CacheEntry, scope: TrackRecordScope, basis: RecordBasis = DEFAULT_RECORD_BASIS): Uint32Array {
  return entry.table.onBasis(scope === "all" ? entry.table.allRows() : entry.table.strategyRows(scope.strategyId), basis);
}

/**
 * The track record of `scope` over `options` (risk % per trade, period,
 * basis: default live), as of the current ledger head, with its equity curve
 * by trade: computed on every call (its caller keeps the body it serialises:
 * `cachedTrackRecordBody`).
 */
export function getTrackRecord(scope: TrackRecordScope, options: RecordOptions = {}): TrackRecord {
  const entry = current();
  return summarizeTable(entry.table, scopeRows(entry, scope, options.basis), options);
}

/**
 * The record of `scope` over `options` without its curve by trade, as of the
 * head of `entry` (the caller's `current()`, read once per call of an export);
 * computed once per head and options and kept.
 */
function keptRecord(entry: CacheEntry, scope: TrackRecordScope, options: RecordOptions = {}): KeptRecord {
  const key = recordKey(scope, options);
  const cached = entry.records.get(key);
  if (cached) return cached;
  const record = summarizeTableWithoutCurve(entry.table, scopeRows(entry, scope, options.basis), options);
  if (entry.records.size >= MAX_RECORDS_PER_HEAD) entry.records.clear();
  entry.records.set(key, record);
  return record;
}

/** Which trades a listing takes: closed in [from, to] (either end open), on `basis` (default live), the last `latest` of them. */
type TradeListOptions = { from?: Date; to?: Date; latest?: number; basis?: RecordBasis };

/**
 * The per-trade results of `scope` on `options.basis` (default live) closed in [from, to] (either end open), oldest first.
 * @param options.latest keep only the last `latest` of them.
 */
export function listTradeResults(scope: TrackRecordScope, options: TradeListOptions = {}): TradeResult[] {
  return tradeResultsOf(current(), scope, options);
}

/** `listTradeResults` as of the head of `entry`. */
function tradeResultsOf(entry: CacheEntry, scope: TrackRecordScope, options: TradeListOptions): TradeResult[] {
  const rows = entry.table.closedIn(scopeRows(entry, scope, options.basis), options.from?.getTime(), options.to?.getTime());
  if (options.latest === undefined) return entry.table.pick(rows);
  return options.latest > 0 ? entry.table.pick(rows.subarray(Math.max(0, rows.length - options.latest))) : [];
}

/**
 * The serialised answer `build` makes for `kind` (e.g. the performance JSON,
 * the trades CSV, with their ETag) of `scope` over `options`, made once per ledger head and
 * kept with the head's records (at most MAX_BODIES_PER_HEAD of them), so a
 * repeated request costs no serialisation of a record whose size grows with
 * its trades (docs/decisions/0065-track-record-at-scale.md).
 * @param build makes the body from the current record; a rejected build is not kept.
 */
export function cachedTrackRecordBody<T>(kind: string, scope: TrackRecordScope, options: RecordOptions, build: () => Promise<T>): Promise<T> {
  const entry = current();
  const key = `${kind}:${recordKey(scope, options)}`;
  const cached = entry.bodies.get(key) as Promise<T> | undefined;
  if (cached) return cached;
  if (entry.bodies.size >= MAX_BODIES_PER_HEAD) entry.bodies.delete(entry.bodies.keys().next().value!);
  const body = build();
  entry.bodies.set(key, body);
  body.catch(() => entry.bodies.delete(key));
  return body;
}

/** Slug and name of every strategy, by id (for labelling trade rows). */
export function strategyLabels(): Map<number, { slug: string; name: string }> {
  const rows = getDb().select({ id: strategies.id, slug: strategies.slug, name: strategies.name }).from(strategies).all();
  return new Map(rows.map((s) => [s.id, { slug: s.slug, name: s.name }]));
}

/** The scope a URL slug names: `all` (any case), or the strategy with that slug; null when there is none. */
export function trackRecordScope(slug: string): TrackRecordScope | null {
  if (slug.toLowerCase() === "all") return "all";
  const strategy = getStrategyBySlug(slug);
  return strategy ? { strategyId: strategy.id } : null;
}

/** The figures of a record without its series (a row of a table). */
export type TrackRecordFigures = Omit<TrackRecord, "equity" | "monthly">;

/** The figures of `scope` over `options` (basis default live), without the series. */
export function getTrackRecordFigures(scope: TrackRecordScope, options: RecordOptions): TrackRecordFigures {
  const { equity: _equity, monthly: _monthly, ...figures } = keptRecord(current(), scope, options);
  return figures;
}

/**
 * What a page shows of a record: every figure, the daily series (not the one
 * by trade), the latest trades (newest first), its basis, and how many
 * simulated trades `scope` has in all (so a page with no live trade can
 * offer the labelled simulated history).
 */
export type TrackRecordView = KeptRecord & {
  latestTrades: TradeResult[];
  basis: RecordBasis;
  simulatedTrades: number;
};

/**
 * The record of `scope` over `options` (basis default live) for a page, with
 * its `latest` most recent trades of the period (newest first).
 */
export function getTrackRecordView(scope: TrackRecordScope, options: RecordOptions, latest: number): TrackRecordView {
  const entry = current();
  const basis = options.basis ?? DEFAULT_RECORD_BASIS;
  const latestTrades = tradeResultsOf(entry, scope, { from: options.from, to: options.to, latest, basis }).reverse();
  return { ...keptRecord(entry, scope, { ...options, basis }), latestTrades, basis, simulatedTrades: scopeRows(entry, scope, "simulated").length };
}

/** A strategy card's live figures (live trades only): closed signals and win rate (percent, null with none). */
export interface LiveCardFigures {
  trades: number;
  winRate: number | null;
}

/** Every strategy's live card figures (all time, live trades only), by slug. */
export function liveCardFigures(): Record<string, LiveCardFigures> {
  const figures: Record<string, LiveCardFigures> = {};
  const entry = current();
  for (const [id, { slug }] of strategyLabels()) {
    const { trades, winRate } = keptRecord(entry, { strategyId: id });
    figures[slug] = { trades, winRate };
  }
  return figures;
}

/**
 * The win rate a strategy's catalogue entry shows (cards, Quick Stats, the
 * strategies API): its live record's (simulated trades are not counted, as
 * every figure is live by default, docs/decisions/0146), folded from the
 * ledger, in percent rounded to 0.1; null until it has
 * MIN_CLOSED_SIGNALS_FOR_FIGURES closed live signals. Never a hand-written
 * figure (docs/decisions/0150).
 */
export function recordWinRate(strategyId: number): number | null {
  const { trades, winRate } = keptRecord(current(), { strategyId });
  return trades >= MIN_CLOSED_SIGNALS_FOR_FIGURES && winRate !== null ? Math.round(winRate * 10) / 10 : null;
}

/** `toApiStrategy` of `strategy` with its record's win rate (`recordWinRate`). */
export function apiStrategyWithRecord(strategy: Strategy): ApiStrategy {
  return toApiStrategy(strategy, recordWinRate(strategy.id));
}

/** One followed strategy's live record in the portal: its figures in the period and its equity by day (USD, for a sparkline). */
export interface FollowedRecord {
  slug: string;
  name: string;
  record: TrackRecordFigures;
  /**
   * The daily equity (USD) at the period's first and last day and its
   * sparkline, drawn here so that the page carries two paths of at most
   * SPARKLINE.maxPoints points, not a series that grows with the period; null
   * when the period has no day.
   */
  equity: { first: { time: string; value: number }; last: { time: string; value: number }; sparkline: SparklineGeometry } | null;
}

/** The `equity` of a FollowedRecord from the daily series (oldest first). */
function followedEquity(byDay: ReadonlyArray<{ time: string; equity: number }>): FollowedRecord["equity"] {
  if (byDay.length === 0) return null;
  const points = byDay.map((point) => ({ time: point.time, value: point.equity }));
  return {
    first: points[0]!,
    last: points[points.length - 1]!,
    sparkline: sparklineGeometry(points, "equity", chartAxes(points, "equity")),
  };
}

/**
 * The live records of `followed` (the viewer's strategies, in their order)
 * over `options` (period and risk as for `getTrackRecord`; live trades only),
 * for the portal's dashboard and My Strategies → Performance.
 * @returns each strategy's figures, its equity's ends and sparkline.
 */
export function getFollowedRecords(
  followed: ReadonlyArray<{ id: number; slug: string; name: string }>,
  options: TrackRecordOptions,
): { strategies: FollowedRecord[] } {
  const entry = current();
  return {
    strategies: followed.map(({ id, slug, name }) => {
      const { equity, monthly: _monthly, ...record } = keptRecord(entry, { strategyId: id }, options);
      return { slug, name, record, equity: followedEquity(equity.byDay) };
    }),
  };
}
