/**
 * Prices and expiry: the replay of OHLC bars against the open signals
 * (docs/decisions/0023-bar-replay-rules.md) and the expiry sweep
 * (docs/decisions/0032), each appending its events and writing the changed
 * rows through signals.server.ts's write path in one IMMEDIATE transaction.
 */
import { and, asc, inArray, lte, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { priceBars, signalEvents, signals, type Signal } from "../../db/schema";
import { feedReplayBars, replayBars, replayValidBars, type BarError, type ReplayChange } from "~/domain/bar-replay";
import type { FeedBar } from "~/domain/price-feed";
import { close, expire, projectSignal, type SignalEvent, type SignalState } from "~/domain/signal-lifecycle";
import { toDomainEvent } from "~/models/ledger.server";
import { appendEvent, recordChange, writeProjection, type Queryable, type Tx } from "~/models/signals.server";
import { checkTouchedSignals } from "~/models/projection-check.server";
import { getDb } from "~/platform/db.server";

/**
 * The open (PENDING or ACTIVE) signals matching `where`, each with its state
 * projected from its ledger events, oldest expiry first. Signals without
 * ledger history (awaiting the backfill) are left out.
 */
function openSignalStates(tx: Queryable, where: SQL | undefined): Array<{ row: Signal; state: SignalState }> {
  const rows = tx
    .select()
    .from(signals)
    .where(and(inArray(signals.status, ["PENDING", "ACTIVE"]), where))
    .orderBy(asc(signals.expiresAt), asc(signals.id))
    .all();
  if (rows.length === 0) return [];
  const events = tx
    .select()
    .from(signalEvents)
    .where(inArray(signalEvents.signalId, rows.map((row) => row.id)))
    .orderBy(asc(signalEvents.seq))
    .all();
  const bySignal = new Map<number, SignalEvent[]>();
  for (const event of events) {
    const list = bySignal.get(event.signalId) ?? [];
    list.push(toDomainEvent(event));
    bySignal.set(event.signalId, list);
  }
  return rows.flatMap((row) => {
    const history = bySignal.get(row.id);
    return history ? [{ row, state: projectSignal(history) }] : [];
  });
}

/** What `applyPriceBars` did, or why it refused the bars. */
export type PriceBarsResult =
  | {
      ok: true;
      /** Bars in the request. */
      received: number;
      /** Distinct bars replayed (after duplicates were dropped). */
      applied: number;
      /** Exact duplicates ignored (same symbol, time and prices). */
      duplicates: number;
      /** Ledger events appended. */
      events: number;
      /** The signals the bars changed, as stored after the change, in id order. */
      signals: Signal[];
    }
  | { ok: false; errors: BarError[] };

/**
 * Resolves open signals from OHLC price bars (docs/decisions/0023-bar-replay-rules.md):
 * loads the PENDING and ACTIVE signals, validates the bars and replays them
 * against those signals (`replayBars`), then appends
 * every resulting event (triggered, modified, partially_closed, closed,
 * expired; ordered by event time, then signal id) and writes each changed
 * row, all in ONE immediate transaction, recorded at `recordedAt`.
 * Idempotent: a bar only applies after a signal's latest event, so posting
 * the same bars again changes nothing; all at once or one by one gives the same state.
 * @param bars the bars, `[{symbol, time, open, high, low, close}]` (`time` ISO 8601 UTC or epoch ms; at most 10,000).
 * @param now the current time (bars after it are refused); the seed back-dates it.
 * @param db the database (default the app's; the seed passes its own).
 * @param notify enqueue the events' deliveries (false for history: the seed).
 * @param recordedAt the ledger's `recordedAt` (default `now`; the seed passes the time it runs, docs/decisions/0149).
 * @returns the counts and changed signals, or the bar errors (each naming its index, e.g. `3.time`); nothing is written on error.
 */
export function applyPriceBars(bars: unknown, now = new Date(), db: Db = getDb(), notify = true, recordedAt: Date = now): PriceBarsResult {
  const result = db.transaction(
    (tx): PriceBarsResult => {
      // Open signals are few (each ends within its expiry), so all of them are replayed against; bars of other symbols touch none.
      const open = openSignalStates(tx, undefined);
      const replay = replayBars(
        open.map(({ row, state }) => ({ id: row.id, state })),
        bars,
        now,
      );
      if (!replay.ok) return replay;
      storeBarCloses(tx, replay.bars);
      const received = Array.isArray(bars) ? bars.length : 0;
      const written = writeChanges(tx, replay.changes, recordedAt, notify);
      return { ok: true, received, applied: replay.bars.length, duplicates: received - replay.bars.length, ...written };
    },
    { behavior: "immediate" },
  );
  if (result.ok && notify) checkTouchedSignals(result.signals.map((signal) => signal.id), now, db);
  return result;
}

/** Rows per INSERT of bar closes (3 parameters each, well under SQLite's 32,766). */
const BAR_INSERT_ROWS = 1_000;

/** Keeps each bar's close (`price_bars`); a (symbol, time) already stored keeps its first close. */
function storeBarCloses(tx: Queryable, bars: ReadonlyArray<{ symbol: string; time: Date; close: number }>): void {
  for (let start = 0; start < bars.length; start += BAR_INSERT_ROWS) {
    const rows = bars.slice(start, start + BAR_INSERT_ROWS).map(({ symbol, time, close }) => ({ symbol, time, close }));
    tx.insert(priceBars).values(rows).onConflictDoNothing().run();
  }
}

const barStatements = new WeakMap<Db["$client"], { get: (symbol: string, atMs: number) => unknown }>();

/**
 * The last stored bar of `symbol` opening at or before `at`: its open time and
 * close (quote units per base unit), or null when none is stored. One indexed
 * lookup (the table's primary key is (symbol, time)), through a statement
 * compiled once per connection.
 */
export function lastBarAtOrBefore(symbol: string, at: Date, db: Db = getDb()): { time: Date; close: number } | null {
  let statement = barStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare("SELECT time, close FROM price_bars WHERE symbol = ? AND time <= ? ORDER BY time DESC LIMIT 1");
    barStatements.set(db.$client, statement);
  }
  const row = statement.get(symbol, at.getTime()) as { time: number; close: number } | undefined;
  return row ? { time: new Date(row.time), close: row.close } : null;
}

/** What the bars would do to one open signal (`previewPriceBars`). */
export interface PricePreview {
  signalId: number;
  symbol: string;
  events: Array<{ type: string; occurredAt: string; price: number | null; reason: string | null }>;
  status: string;
  resultPips: number | null;
  resultR: number | null;
}

/**
 * What `applyPriceBars` would do with these bars, without writing: each open
 * signal the bars change, with its events (fill or exit price and reason)
 * and its status and result after them. Reads only.
 * @returns the counts and the previews, or the bar errors as `applyPriceBars` gives them.
 */
export function previewPriceBars(
  bars: unknown,
  now = new Date(),
  db: Db = getDb(),
): { ok: true; received: number; applied: number; duplicates: number; events: number; preview: PricePreview[] } | { ok: false; errors: BarError[] } {
  const open = openSignalStates(db, undefined);
  const replay = replayBars(open.map(({ row, state }) => ({ id: row.id, state })), bars, now);
  if (!replay.ok) return replay;
  const received = Array.isArray(bars) ? bars.length : 0;
  const preview = replay.changes.map((change) => ({
    signalId: change.id,
    symbol: change.state.symbol,
    events: change.events.map((event) => {
      const payload = event.payload as { fillPrice?: number; exitPrice?: number | null; reason?: string };
      return { type: event.type, occurredAt: event.occurredAt.toISOString(), price: payload.fillPrice ?? payload.exitPrice ?? null, reason: payload.reason ?? null };
    }),
    status: change.state.status,
    resultPips: change.state.outcome?.resultPips ?? null,
    resultR: change.state.outcome?.resultR ?? null,
  }));
  const events = preview.reduce((sum, item) => sum + item.events.length, 0);
  return { ok: true, received, applied: replay.bars.length, duplicates: received - replay.bars.length, events, preview };
}

/** Appends the replay's events (ordered by event time, then signal id) and writes each changed row. */
function writeChanges(tx: Tx, changes: ReplayChange[], recordedAt: Date, notify: boolean): { events: number; signals: Signal[] } {
  const queue = changes.flatMap((change) => change.events.map((event, index) => ({ id: change.id, event, index })));
  queue.sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.id - b.id || a.index - b.index);
  for (const item of queue) appendEvent(tx, item.id, item.event, recordedAt, notify);
  const changed = changes.map((change) => writeProjection(tx, change.id, change.state)).sort((a, b) => a.id - b.id);
  return { events: queue.length, signals: changed };
}

/**
 * Resolves open signals from a price feed's bars (docs/decisions/0168-price-feed-adapter.md):
 * the same replay as `applyPriceBars`, bid/ask-true where the bars carry
 * both sides (docs/decisions/0169-bid-ask-fills.md), each event stamped with
 * its bar; one immediate transaction recorded at `now`. Idempotent like
 * `applyPriceBars` (a bar only applies after a signal's latest event).
 * @param bars the feed's complete bars, any symbols, any order.
 * @returns the number of events appended and the signals changed.
 */
export function applyFeedBars(bars: readonly FeedBar[], now = new Date(), db: Db = getDb()): { events: number; signals: Signal[] } {
  const replay = feedReplayBars(bars);
  const written = db.transaction(
    (tx) => {
      const open = openSignalStates(tx, undefined);
      return writeChanges(tx, replayValidBars(open.map(({ row, state }) => ({ id: row.id, state })), replay, now), now, true);
    },
    { behavior: "immediate" },
  );
  checkTouchedSignals(written.signals.map((signal) => signal.id), now, db);
  return written;
}

/**
 * How long after `expiresAt` the expiry sweep waits before it ends an open
 * signal itself, in ms: time for a price feed to deliver the bar that covers
 * the expiry, which resolves it at a market price (docs/decisions/0032).
 */
export const EXPIRY_GRACE_MS = 60 * 60 * 1000;

/**
 * The expiry sweep (docs/decisions/0032): ends every open signal whose
 * `expiresAt` is at least `EXPIRY_GRACE_MS` before `now`, so none is left in
 * limbo when no bar arrives. A PENDING signal becomes EXPIRED (event dated at
 * `expiresAt`); an ACTIVE one is closed with reason EXPIRY at its fill price
 * (no price is known, so what is still open exits flat; partial exits keep
 * their result), dated at `expiresAt` (or its latest event, if later).
 * Appends the events, oldest expiry first, and writes the rows in one
 * immediate transaction recorded at `now`. Running it again changes nothing.
 * @param now the current time.
 * @param db the database (default the app's).
 * @returns the signals it ended, as stored after the change.
 * @throws Error if the lifecycle refuses a step (a broken invariant, never expected).
 */
export function expireDueSignals(now = new Date(), db: Db = getDb()): Signal[] {
  const cutoff = new Date(now.getTime() - EXPIRY_GRACE_MS);
  const ended = db.transaction(
    (tx) =>
      openSignalStates(tx, lte(signals.expiresAt, cutoff)).map(({ row, state }) => {
        const at = new Date(Math.max(state.expiresAt.getTime(), state.lastEventAt.getTime()));
        const result =
          state.status === "PENDING"
            ? expire(state, now)
            : close(state, { exitPrice: state.fillPrice ?? state.entryPrice, reason: "EXPIRY" }, at, now);
        if (!result.ok) throw new Error(`Expiry of signal ${row.id} refused: ${result.error.field}: ${result.error.message}`);
        return recordChange(tx, row.id, [result.event], result.state, now, true);
      }),
    { behavior: "immediate" },
  );
  checkTouchedSignals(ended.map((signal) => signal.id), now, db);
  return ended;
}
