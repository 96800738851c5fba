/**
 * The live track record read model: the closed signals with a recorded
 * outcome, turned into per-trade results (`tradeResult`) and summarized on
 * read (`summarizeResults`), per strategy or for all of them.
 *
 * Cache (docs/decisions/0039-track-record-cache.md): the per-trade results and
 * the records already asked for are kept in memory under the ledger head (seq
 * and hash). Every write to a signal appends a ledger event and so moves the
 * head: the next read sees a new key and rebuilds, so no figure outlives a close.
 *
 * Only CLOSED signals with an exit price, a fill and an original stop count:
 * signals closed before the ledger recorded exits carry no outcome and stay
 * out (docs/decisions/0027-signal-ledger-storage.md).
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { signalEvents, signals, strategies } from "../../../db/schema";
import { instrumentSpec } from "~/domain/instruments";
import { projectSignal, type SignalEvent } from "~/domain/signal-lifecycle";
import {
  summarizeResults,
  tradeResult,
  type ClosedTrade,
  type TrackRecord,
  type TrackRecordOptions,
  type TradeResult,
} from "~/domain/track-record";
import { getLedgerHead } from "~/models/signals.server";
import { getStrategyBySlug } from "~/models/strategies.server";
import { getDb } from "~/platform/db.server";

/** What a record is computed over: one strategy (by id) or every strategy. */
export type TrackRecordScope = { strategyId: number } | "all";

/** How many computed records each ledger head keeps (the API's `risk`/`from`/`to` make many keys possible). */
const MAX_RECORDS_PER_HEAD = 200;

interface CacheEntry {
  key: string;
  /** Every closed signal's result, in close order (then id). */
  results: TradeResult[];
  records: Map<string, TrackRecord>;
}

let cache: CacheEntry | null = null;

/** The exits of the signals that had partial closes, from their ledger events (the row keeps only the VWAP exit). */
function partialExits(): Map<number, ClosedTrade["exits"]> {
  const db = getDb();
  const withPartials = db
    .select({ id: signalEvents.signalId })
    .from(signalEvents)
    .where(eq(signalEvents.type, "partially_closed"));
  const rows = db
    .select({ signalId: signalEvents.signalId, type: signalEvents.type, payload: signalEvents.payload, occurredAt: signalEvents.occurredAt })
    .from(signalEvents)
    .where(inArray(signalEvents.signalId, withPartials))
    .orderBy(asc(signalEvents.seq))
    .all();
  const events = new Map<number, SignalEvent[]>();
  for (const row of rows) {
    const list = events.get(row.signalId) ?? [];
    list.push({ type: row.type, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) } as SignalEvent);
    events.set(row.signalId, list);
  }
  const exits = new Map<number, ClosedTrade["exits"]>();
  for (const [signalId, history] of events) {
    const state = projectSignal(history);
    if (state.status === "CLOSED") exits.set(signalId, state.exits);
  }
  return exits;
}

/** Every closed signal with an outcome, as the domain reads it. */
function loadClosedTrades(): ClosedTrade[] {
  const rows = getDb()
    .select({
      id: signals.id,
      strategyId: signals.strategyId,
      symbol: signals.symbol,
      side: signals.side,
      entryPrice: signals.entryPrice,
      originalSl: signals.originalSl,
      fillPrice: signals.fillPrice,
      exitPrice: signals.exitPrice,
      closeReason: signals.closeReason,
      createdAt: signals.createdAt,
      triggeredAt: signals.triggeredAt,
      closedAt: signals.closedAt,
    })
    .from(signals)
    .where(and(eq(signals.status, "CLOSED"), isNotNull(signals.exitPrice), isNotNull(signals.fillPrice), isNotNull(signals.originalSl), isNotNull(signals.closedAt)))
    .all();
  const partials = rows.length > 0 ? partialExits() : new Map<number, ClosedTrade["exits"]>();
  const pipSizes = new Map<string, number>();
  return rows.map((row) => {
    let pipSize = pipSizes.get(row.symbol);
    if (pipSize === undefined) {
      pipSize = instrumentSpec(row.symbol).pipSize;
      pipSizes.set(row.symbol, pipSize);
    }
    return {
      id: row.id,
      strategyId: row.strategyId,
      symbol: row.symbol,
      side: row.side,
      entryPrice: row.entryPrice,
      originalSl: row.originalSl!,
      fillPrice: row.fillPrice!,
      pipSize,
      openedAt: row.triggeredAt ?? row.createdAt,
      closedAt: row.closedAt!,
      closeReason: row.closeReason ?? "MANUAL",
      exits: partials.get(row.id) ?? [{ exitPrice: row.exitPrice!, fraction: 1 }],
    };
  });
}

/** The cache entry for the current ledger head, rebuilt when the head moved. */
function current(): CacheEntry {
  const head = getLedgerHead();
  const key = head ? `${head.seq}:${head.hash}` : "empty";
  if (cache?.key !== key) {
    const results = loadClosedTrades()
      .map(tradeResult)
      .sort((a, b) => (a.closedAt < b.closedAt ? -1 : a.closedAt > b.closedAt ? 1 : a.id - b.id));
    cache = { key, results, records: new Map() };
  }
  return cache;
}

function inScope(scope: TrackRecordScope) {
  return scope === "all" ? () => true : (result: TradeResult) => result.strategyId === scope.strategyId;
}

/**
 * The track record of `scope` over `options` (risk % per trade, period), as
 * of the current ledger head; computed once per head and options.
 */
export function getTrackRecord(scope: TrackRecordScope, options: TrackRecordOptions = {}): TrackRecord {
  const entry = current();
  const key = JSON.stringify([scope, options.riskPct ?? null, options.from?.getTime() ?? null, options.to?.getTime() ?? null]);
  const cached = entry.records.get(key);
  if (cached) return cached;
  const record = summarizeResults(entry.results.filter(inScope(scope)), options);
  if (entry.records.size >= MAX_RECORDS_PER_HEAD) entry.records.clear();
  entry.records.set(key, record);
  return record;
}

/**
 * The per-trade results of `scope` closed in [from, to] (either end open), oldest first.
 * @param options.latest keep only the last `latest` of them.
 */
export function listTradeResults(scope: TrackRecordScope, options: { from?: Date; to?: Date; latest?: number } = {}): TradeResult[] {
  const from = options.from?.toISOString();
  const to = options.to?.toISOString();
  const matches = inScope(scope);
  const list = current().results.filter((r) => matches(r) && (!from || r.closedAt >= from) && (!to || r.closedAt <= to));
  return options.latest === undefined ? list : list.slice(-options.latest);
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
