/**
 * The ledger's reads: its head, every row in order, pages of it and one
 * signal's events as a viewer may see them (payloads of open signals hidden
 * from viewers not entitled to their strategy), the feeds' newest events, and
 * each signal's verdict: its events re-hashed and linked, and its stored row
 * compared with their fold (`signalVerdict`, `projectionDrifts`).
 * Appending is signals.server.ts's (one transaction with the projected row).
 */
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { signalEvents, signals, strategies, type Signal, type SignalEventRow } from "../../db/schema";
import { checkStoredEvent, type EventCheck } from "~/domain/event-verification";
import { foldSignals, projectionDrift, type DriftField, type ProjectedRow } from "~/domain/ledger-fold";
import { isEnded, type SignalEvent, type SignalState } from "~/domain/signal-lifecycle";
import { revealEvent, type LedgerRow } from "~/domain/ledger";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

type Queryable = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A stored event as the domain reads it (payloads were validated before they were stored). */
export function toDomainEvent(row: SignalEventRow): SignalEvent {
  return { type: row.type, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) } as SignalEvent;
}

/** A stored row as the domain reads it. */
export function toLedgerRow(row: SignalEventRow): LedgerRow {
  return { ...row };
}

/** The newest ledger row's seq, hash and time: read by most pages (the track record's cache key, the ledger head notes), so built once per connection. */
const ledgerHeadQuery = preparedQuery((db) =>
  db
    .select({ seq: signalEvents.seq, hash: signalEvents.hash, recordedAt: signalEvents.recordedAt })
    .from(signalEvents)
    .orderBy(desc(signalEvents.seq))
    .limit(1)
    .prepare(),
);

/** The ledger head: last seq, its hash and when it was recorded; null for an empty ledger. */
export function getLedgerHead(): { seq: number; hash: string; recordedAt: Date } | null {
  return ledgerHeadQuery().get() ?? null;
}

/** Rows read per query by `iterateLedger`. */
const LEDGER_PAGE = 5000;

/**
 * Every ledger row in seq order, read page by page (for verifying a whole file
 * without holding it in memory).
 * @param db an open database (the app's or a file opened by a script).
 */
export function* iterateLedger(db: Queryable = getDb()): Generator<LedgerRow> {
  let after = 0;
  for (;;) {
    const page = db.select().from(signalEvents).where(gt(signalEvents.seq, after)).orderBy(asc(signalEvents.seq)).limit(LEDGER_PAGE).all();
    for (const row of page) yield toLedgerRow(row);
    if (page.length < LEDGER_PAGE) return;
    after = page[page.length - 1]!.seq;
  }
}

/** Whether a viewer entitled to `entitled` sees the payloads of a signal with this status and strategy. */
function canSeeLevels(signal: { status: Signal["status"]; strategyId: number }, entitled: ReadonlySet<number>): boolean {
  return isEnded(signal.status) || entitled.has(signal.strategyId);
}

/** A page of the ledger after a seq, with each event's signal status and strategy: built once per connection (`listLedger` runs on every /api/ledger request). */
const ledgerPageQuery = preparedQuery((db) =>
  db
    .select({ event: signalEvents, status: signals.status, strategyId: signals.strategyId })
    .from(signalEvents)
    .innerJoin(signals, eq(signals.id, signalEvents.signalId))
    .where(gt(signalEvents.seq, sql.placeholder("after")))
    .orderBy(asc(signalEvents.seq))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/**
 * Ledger rows after `after`, oldest first, as a viewer entitled to
 * `entitledStrategyIds` sees them: payload and salt null for events of
 * PENDING/ACTIVE signals of other strategies (`revealEvent`).
 * @param options.after last seq already read (0 for the start); options.limit rows per page.
 * @returns the rows and `nextCursor` (the seq to pass as `after` next), null at the head.
 */
export function listLedger(
  entitledStrategyIds: readonly number[],
  options: { after: number; limit: number },
): { events: LedgerRow[]; nextCursor: number | null } {
  const entitled = new Set(entitledStrategyIds);
  const rows = ledgerPageQuery().all({ after: options.after, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  const events = page.map((row) => revealEvent(toLedgerRow(row.event), canSeeLevels(row, entitled)));
  return { events, nextCursor: rows.length > options.limit ? page[page.length - 1]!.event.seq : null };
}

/**
 * One signal's ledger rows in seq order, with its payloads hidden unless the
 * viewer is entitled to its strategy or the signal has ended.
 * @returns null for an unknown signal.
 */
export function listSignalEvents(signalId: number, entitledStrategyIds: readonly number[]): LedgerRow[] | null {
  const signal = getDb().select({ status: signals.status, strategyId: signals.strategyId }).from(signals).where(eq(signals.id, signalId)).get();
  if (!signal) return null;
  const visible = canSeeLevels(signal, new Set(entitledStrategyIds));
  return getDb()
    .select()
    .from(signalEvents)
    .where(eq(signalEvents.signalId, signalId))
    .orderBy(asc(signalEvents.seq))
    .all()
    .map((row) => revealEvent(toLedgerRow(row), visible));
}

/** A ledger event for a feed: the row as the viewer may see it, with its signal and strategy. */
export interface FeedEvent {
  event: LedgerRow;
  signal: Signal;
  strategy: { name: string; slug: string };
}

/**
 * The newest ledger events of the given types (newest first, by seq), each
 * with its signal and strategy, as a viewer entitled to `entitledStrategyIds`
 * sees them: payload and salt null for events of PENDING/ACTIVE signals of
 * other strategies (an anonymous feed passes []).
 * @param options.types event types to list; options.limit most events returned.
 */
export function listFeedEvents(
  entitledStrategyIds: readonly number[],
  options: { types: readonly SignalEvent["type"][]; limit: number },
): FeedEvent[] {
  if (options.types.length === 0) return [];
  const entitled = new Set(entitledStrategyIds);
  return getDb()
    .select({ event: signalEvents, signal: signals, strategy: { name: strategies.name, slug: strategies.slug } })
    .from(signalEvents)
    .innerJoin(signals, eq(signals.id, signalEvents.signalId))
    .innerJoin(strategies, eq(strategies.id, signals.strategyId))
    .where(inArray(signalEvents.type, [...options.types]))
    .orderBy(desc(signalEvents.seq))
    .limit(options.limit)
    .all()
    .map((row) => ({ ...row, event: revealEvent(toLedgerRow(row.event), canSeeLevels(row.signal, entitled)) }));
}

/** One signal checked against its ledger: each event's check, the fold of its events, and where the stored row parts from that fold. */
export interface SignalVerdict {
  /** True only when every event re-hashes and links and the row equals the fold of its events. */
  verified: boolean;
  /** Per event, in seq order. */
  checks: Array<EventCheck & { seq: number }>;
  /** The fold of the events (null when they cannot be folded). */
  state: SignalState | null;
  drift: DriftField[];
}

/** The columns of a stored signals row that the fold decides. */
function projectedRowOf(row: Signal): ProjectedRow {
  const { status, sl, tp1, tp2, originalSl, fillPrice, triggeredAt, remaining, exitPrice, closeReason, resultPips, resultR, closedAt, strategyId, symbol, side, entryPrice } = row;
  return { status, sl, tp1, tp2, originalSl: originalSl ?? sl, fillPrice, triggeredAt, remaining, exitPrice, closeReason, resultPips, resultR, closedAt, strategyId, symbol, side, entryPrice };
}

/**
 * Checks signal `signalId` against the ledger (docs/decisions/0128): each of
 * its events re-hashed with its payload and linked to the stored hash before
 * it, and the stored row compared with the fold of its events.
 * @returns the verdict, or null for an unknown signal.
 */
export function signalVerdict(signalId: number, db: Queryable = getDb()): SignalVerdict | null {
  const row = db.select().from(signals).where(eq(signals.id, signalId)).get();
  if (!row) return null;
  const events = db.select().from(signalEvents).where(eq(signalEvents.signalId, signalId)).orderBy(asc(signalEvents.seq)).all();
  const previous = new Map(
    db
      .select({ seq: signalEvents.seq, hash: signalEvents.hash })
      .from(signalEvents)
      .where(inArray(signalEvents.seq, events.map((event) => event.seq - 1)))
      .all()
      .map((link) => [link.seq, link.hash]),
  );
  const checks = events.map((event) => ({ seq: event.seq, ...checkStoredEvent(toLedgerRow(event), previous.get(event.seq - 1) ?? null) }));
  const state = events.length > 0 ? (foldSignals(events.map((event) => ({ ...event, payload: JSON.parse(event.payload) as unknown }))).get(signalId) ?? null) : null;
  const drift = projectionDrift(state, projectedRowOf(row));
  return { verified: events.length > 0 && checks.every((check) => check.verified) && drift.length === 0, checks, state, drift };
}

/** Signals read per query by `projectionDrifts`. */
const DRIFT_BATCH = 2_000;

/** The drifting signals among `rows`, whose events are those `events` selects (each row's, in seq order). */
function driftsOfRows(db: Queryable, rows: Signal[], events: SQL): Array<{ signalId: number; drift: DriftField[] }> {
  const stored = db
    .select({ signalId: signalEvents.signalId, type: signalEvents.type, payload: signalEvents.payload, occurredAt: signalEvents.occurredAt })
    .from(signalEvents)
    .where(events)
    .orderBy(asc(signalEvents.seq))
    .all();
  const states = foldSignals(stored.map((event) => ({ ...event, payload: JSON.parse(event.payload) as unknown })));
  const found: Array<{ signalId: number; drift: DriftField[] }> = [];
  for (const row of rows) {
    const drift = projectionDrift(states.get(row.id) ?? null, projectedRowOf(row));
    if (drift.length > 0) found.push({ signalId: row.id, drift });
  }
  return found;
}

/**
 * Every signal whose stored row parts from the fold of its ledger events
 * (`ledger:verify` and the projection check run it over the whole file).
 * @param db an open database (the app's or a file opened by a script).
 * @returns each drifting signal's id and columns, in id order.
 */
export function projectionDrifts(db: Queryable = getDb()): Array<{ signalId: number; drift: DriftField[] }> {
  const found: Array<{ signalId: number; drift: DriftField[] }> = [];
  let after = 0;
  for (;;) {
    const rows = db.select().from(signals).where(gt(signals.id, after)).orderBy(asc(signals.id)).limit(DRIFT_BATCH).all();
    if (rows.length === 0) return found;
    const last = rows[rows.length - 1]!.id;
    found.push(...driftsOfRows(db, rows, and(gt(signalEvents.signalId, after), lte(signalEvents.signalId, last))!));
    after = last;
  }
}

/**
 * `projectionDrifts` for the signals `ids` only (the ones a write batch touched); unknown ids are skipped.
 * @returns each drifting signal's id and columns, in id order.
 */
export function projectionDriftsOf(ids: readonly number[], db: Queryable = getDb()): Array<{ signalId: number; drift: DriftField[] }> {
  const found: Array<{ signalId: number; drift: DriftField[] }> = [];
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (let start = 0; start < unique.length; start += DRIFT_BATCH) {
    const batch = unique.slice(start, start + DRIFT_BATCH);
    const rows = db.select().from(signals).where(inArray(signals.id, batch)).orderBy(asc(signals.id)).all();
    if (rows.length > 0) found.push(...driftsOfRows(db, rows, inArray(signalEvents.signalId, batch)));
  }
  return found;
}
