/**
 * Signals: publishing, every lifecycle transition, the ledger of their events
 * and the listings. Nothing else writes `signals` or `signal_events`.
 *
 * Each write appends one event to the global hash-chained ledger
 * (`signal_events`, app/domain/ledger.ts) and writes the signal row as the
 * projection of its events (app/domain/signal-lifecycle.ts), in ONE synchronous
 * IMMEDIATE transaction: the ledger head is read inside it, so `seq` has no gaps
 * even with several writers on the file.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { signalEvents, signals, strategies, type Signal, type SignalEventRow } from "../../db/schema";
import { replayBars, type BarError } from "~/domain/bar-replay";
import { revealEvent, sealEvent, SALT_BYTES, type LedgerRow } from "~/domain/ledger";
import { instrumentSpec } from "~/domain/instruments";
import { keysetCondition, type KeysetPage } from "~/models/keyset.server";
import {
  cancel,
  close,
  expire,
  isEnded,
  modify,
  partialClose,
  projectedColumns,
  projectSignal,
  publish,
  TRANSITION_ERROR_STATUS,
  trigger,
  type CloseReason,
  type SignalEvent,
  type SignalState,
  type TransitionResult,
} from "~/domain/signal-lifecycle";
import { toApiSignal, type ApiSignal } from "~/domain/signals";
import type { SignalInput } from "~/schemas/signal";
import { appendLedgerLeaf } from "~/models/ledger-tree.server";
import { enqueueDeliveries } from "~/models/outbox.server";
import { getEntitlements } from "~/models/subscriptions.server";
import type { PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A connection or a transaction: anything that can run the ledger's queries. */
type Queryable = Db | Tx;

// ---------------------------------------------------------------------------
// Listings

/** Which signals a listing returns; every option given narrows it. */
export interface SignalListOptions {
  /** Most rows returned. */
  limit: number;
  /** Only this strategy's signals. */
  strategyId?: number;
  /** Only these strategies' signals (an empty list matches no signal). */
  strategyIds?: readonly number[];
  /** Only signals with one of these statuses (an empty list matches no signal). */
  statuses?: readonly Signal["status"][];
  /** Only the signals older (`before`) or newer (`after`) than a signal's (createdAt, id); `after` takes the nearest ones. */
  page?: KeysetPage;
}

/** The first page of every signal, newest first (the API list, the desk's recent list): built once per connection. */
const newestSignalsQuery = preparedQuery((db) =>
  db.select().from(signals).orderBy(desc(signals.createdAt), desc(signals.id)).limit(sql.placeholder("limit")).prepare(),
);
/** The first page of one strategy's signals, newest first (its page's Signals tab, its API list): built once per connection. */
const newestOfStrategyQuery = preparedQuery((db) =>
  db
    .select()
    .from(signals)
    .where(eq(signals.strategyId, sql.placeholder("strategyId")))
    .orderBy(desc(signals.createdAt), desc(signals.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

/**
 * Signals newest first (by creation time, then id), see `SignalListOptions`.
 * Filtered by status alone (the desk's open and ended lists), each status is
 * read on its own from the newest end of `signals_status_created_idx` (at
 * most `limit` rows each) and the lists are merged: the cost follows the
 * limit, not the table (a status IN (…) over the creation-time index would
 * walk every older row of other statuses). Otherwise one query; the first page
 * of all signals or of one strategy's is a statement prepared once.
 */
export function listSignals(options: SignalListOptions): Signal[] {
  if (options.strategyIds?.length === 0 || options.statuses?.length === 0) return [];
  if (options.page === undefined && options.statuses === undefined && options.strategyIds === undefined) {
    return options.strategyId === undefined
      ? newestSignalsQuery().all({ limit: options.limit })
      : newestOfStrategyQuery().all({ strategyId: options.strategyId, limit: options.limit });
  }
  const newer = options.page?.direction === "after";
  const byStatus = options.statuses !== undefined && options.strategyId === undefined && options.strategyIds === undefined;
  const read = (status: SQL | undefined) =>
    getDb()
      .select()
      .from(signals)
      .where(
        and(
          options.strategyIds !== undefined ? inArray(signals.strategyId, [...options.strategyIds]) : undefined,
          options.strategyId !== undefined ? eq(signals.strategyId, options.strategyId) : undefined,
          status,
          keysetCondition(signals.createdAt, signals.id, options.page),
        ),
      )
      .orderBy(...(newer ? [asc(signals.createdAt), asc(signals.id)] : [desc(signals.createdAt), desc(signals.id)]))
      .limit(options.limit)
      .all();
  const rows = byStatus
    ? [...new Set(options.statuses)]
        .flatMap((status) => read(eq(signals.status, status)))
        .sort((a, b) => (newer ? 1 : -1) * (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id))
        .slice(0, options.limit)
    : read(options.statuses !== undefined ? inArray(signals.status, [...options.statuses]) : undefined);
  return newer ? rows.reverse() : rows;
}

/** The count of ACTIVE signals, shown by the landing page and both dashboards: built once per connection. */
const activeCountQuery = preparedQuery((db) => db.select({ n: count() }).from(signals).where(eq(signals.status, "ACTIVE")).prepare());

/** How many signals have status ACTIVE. */
export function countActiveSignals(): number {
  return activeCountQuery().get()?.n ?? 0;
}

/** The signal with `id`, or undefined. */
export function getSignal(id: number): Signal | undefined {
  return getDb().select().from(signals).where(eq(signals.id, id)).get();
}

/**
 * Newest signals in API shape for a viewer entitled to `entitledStrategyIds`,
 * with open signals of other strategies locked. For callers that already hold
 * the viewer's entitlements.
 */
export function listSignalsForEntitlements(
  entitledStrategyIds: readonly number[],
  options: Omit<SignalListOptions, "strategyIds">,
): ApiSignal[] {
  const entitled = new Set(entitledStrategyIds);
  return listSignals(options).map((signal) => toApiSignal(signal, entitled));
}

/**
 * Newest signals in API shape for `viewer` (null: signed out), with open
 * signals of strategies the viewer is not entitled to locked.
 */
export function listSignalsForViewer(
  viewer: PublicUser | null,
  options: Omit<SignalListOptions, "strategyIds">,
): ApiSignal[] {
  return listSignalsForEntitlements(getEntitlements(viewer).strategyIds, options);
}

// ---------------------------------------------------------------------------
// The ledger (signal_events)

/** A fresh random 128-bit salt, 32 lowercase hex characters. */
function newSalt(): string {
  return randomBytes(SALT_BYTES).toString("hex");
}

/** The last ledger row's seq and hash, or null for an empty ledger. */
function headLink(db: Queryable): { seq: number; hash: string } | null {
  return db.select({ seq: signalEvents.seq, hash: signalEvents.hash }).from(signalEvents).orderBy(desc(signalEvents.seq)).limit(1).get() ?? null;
}

/**
 * Appends one event to the ledger after the current head (call inside an
 * IMMEDIATE transaction), and its leaf to the Merkle tree (ledger-tree.server.ts).
 * `payload` is any JSON value; it is stored canonical.
 * With `notify` the event's delivery jobs are enqueued in the same
 * transaction (the outbox, app/models/outbox.server.ts); history written after
 * the fact (the backfill, the seed) notifies nobody.
 */
function appendEvent(
  tx: Tx,
  signalId: number,
  event: { type: string; occurredAt: Date; payload: unknown },
  recordedAt: Date,
  notify: boolean,
): LedgerRow {
  const row = sealEvent(headLink(tx), { signalId, ...event, recordedAt }, newSalt());
  const { payload, salt } = row;
  if (payload === null || salt === null) throw new Error("A sealed event always carries its payload and salt");
  tx.insert(signalEvents).values({ ...row, payload, salt }).run();
  appendLedgerLeaf(tx, row.seq, row.hash);
  if (notify) enqueueDeliveries(tx, row);
  return row;
}

function toLedgerRow(row: SignalEventRow): LedgerRow {
  return { ...row };
}

/** A stored event as the domain reads it (payloads were validated before they were stored). */
function toDomainEvent(row: SignalEventRow): SignalEvent {
  return { type: row.type, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) } as SignalEvent;
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
  const signal = getSignal(signalId);
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

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Publish

/** Why a signal could not be published for its strategy; `field` names the input field to blame. */
export class StrategyUnavailableError extends Error {
  readonly field = "strategyId" as const;
  constructor(
    message: string,
    readonly reason: "unknown" | "inactive",
  ) {
    super(message);
    this.name = "StrategyUnavailableError";
  }
}

/**
 * Publishes a validated signal by `adminUserId` at `now`: appends its
 * `published` event and writes the projected row in one transaction. A market
 * entry is ACTIVE (filled at the entry price), a limit or stop entry PENDING.
 * The pip size recorded in the event is the instrument's (`instrumentSpec`).
 * @param adminUserId the publishing admin, or null for a signal no account
 *   published (the seed without demo accounts).
 * @param now the publish time, which is also the ledger's `recordedAt` (the
 *   seed back-dates it to build history).
 * @param db the database (default the app's; the seed passes its own).
 * @param notify enqueue the event's deliveries (false for history: the seed).
 * @returns the stored row.
 * @throws StrategyUnavailableError when the strategy does not exist or is inactive;
 *   Error when the domain refuses input the schema accepted (an expiry no longer after `now`).
 */
export function publishSignal(input: SignalInput, adminUserId: number | null, now = new Date(), db: Db = getDb(), notify = true): Signal {
  const strategy = db.select().from(strategies).where(eq(strategies.id, input.strategyId)).get();
  if (!strategy) {
    throw new StrategyUnavailableError(`Strategy ${input.strategyId} does not exist. Choose an existing strategy.`, "unknown");
  }
  if (!strategy.isActive) {
    throw new StrategyUnavailableError(
      `${strategy.name} is inactive, so it cannot receive new signals. Choose an active strategy.`,
      "inactive",
    );
  }
  const result = publish(
    {
      strategyId: strategy.id,
      symbol: input.symbol,
      side: input.side,
      entryMethod: input.entryMethod,
      entryPrice: input.entryPrice,
      sl: input.sl,
      tp1: input.tp1,
      tp2: input.tp2 ?? null,
      expiresAt: input.expiresAt,
      pipSize: instrumentSpec(input.symbol).pipSize,
      rationale: input.rationale ?? null,
    },
    undefined,
    now,
  );
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  const { event, state } = result;
  return db.transaction(
    (tx) => {
      const row = tx
        .insert(signals)
        .values({
          ...projectedColumns(state),
          strategyId: state.strategyId,
          symbol: state.symbol,
          side: state.side,
          entryPrice: state.entryPrice,
          entryMethod: state.entryMethod,
          rationale: state.rationale,
          createdById: adminUserId,
          createdAt: state.publishedAt,
          expiresAt: state.expiresAt,
        })
        .returning()
        .get();
      appendEvent(tx, row.id, event, now, notify);
      return row;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------
// Transitions

/** A transition's answer: the updated row, or a refusal with its HTTP status and the field at fault. */
export type SignalChange =
  | { ok: true; signal: Signal }
  | { ok: false; status: 400 | 404 | 409; field: string; message: string };

/**
 * The state a decision is taken on. An ended signal can take no further
 * event, and every decision refuses it on its status alone; its history may
 * hold events recorded when the ledger started (docs/decisions/0027) that
 * carry no outcome, so only its `published` event is folded.
 */
function decisionState(row: Signal, events: SignalEventRow[]): SignalState {
  const history = events.map(toDomainEvent);
  if (!isEnded(row.status)) return projectSignal(history);
  return { ...projectSignal(history.slice(0, 1)), status: row.status };
}

/** A signal's ledger events in seq order. */
function eventsOf(tx: Queryable, signalId: number): SignalEventRow[] {
  return tx.select().from(signalEvents).where(eq(signalEvents.signalId, signalId)).orderBy(asc(signalEvents.seq)).all();
}

/**
 * Appends the events a decision produced for signal `signalId` (recorded at
 * `now`) and writes `state`, their projection, to its row. Every change of an
 * existing signal goes through here: the desk's transitions, the price replay
 * and the expiry sweep. Call inside an IMMEDIATE transaction.
 */
function recordChange(tx: Tx, signalId: number, events: readonly SignalEvent[], state: SignalState, now: Date, notify: boolean): Signal {
  for (const event of events) appendEvent(tx, signalId, event, now, notify);
  return writeProjection(tx, signalId, state);
}

/** Writes `state` to signal `signalId`'s row (after its events were appended). */
function writeProjection(tx: Queryable, signalId: number, state: SignalState): Signal {
  return tx.update(signals).set(projectedColumns(state)).where(eq(signals.id, signalId)).returning().get();
}

/**
 * Loads signal `signalId` and its events, takes the domain decision, and on
 * success appends the event and writes the projected row, all in one
 * IMMEDIATE transaction.
 */
function transition(
  signalId: number,
  decide: (state: SignalState) => TransitionResult,
  now: Date,
  db: Db = getDb(),
  notify = true,
): SignalChange {
  return db.transaction(
    (tx): SignalChange => {
      const row = tx.select().from(signals).where(eq(signals.id, signalId)).get();
      if (!row) return { ok: false, status: 404, field: "id", message: `No signal with id ${signalId}` };
      const events = eventsOf(tx, signalId);
      if (events.length === 0) {
        return { ok: false, status: 409, field: "status", message: "This signal has no ledger history yet; run the ledger backfill first." };
      }
      const result = decide(decisionState(row, events));
      if (!result.ok) {
        const { code, field, message } = result.error;
        return { ok: false, status: TRANSITION_ERROR_STATUS[code], field, message };
      }
      return { ok: true, signal: recordChange(tx, signalId, [result.event], result.state, now, notify) };
    },
    { behavior: "immediate" },
  );
}

/**
 * PENDING → ACTIVE, filled at `fillPrice` (quote currency) at `at` (default `now`).
 * @returns the updated row, or 404 (unknown id), 409 (wrong state), 400 (field).
 */
export function triggerSignal(signalId: number, input: { fillPrice: number; at?: Date }, now = new Date()): SignalChange {
  return transition(signalId, (state) => trigger(state, { fillPrice: input.fillPrice }, input.at, now), now);
}

/**
 * New stop loss and/or targets for a PENDING or ACTIVE signal (prices in quote currency).
 * @returns the updated row, or 404, 409, 400 naming `sl`, `tp1`, `tp2` or `at`.
 */
export function modifySignal(signalId: number, input: { sl?: number; tp1?: number; tp2?: number; at?: Date }, now = new Date()): SignalChange {
  const { at, ...levels } = input;
  return transition(signalId, (state) => modify(state, levels, at, now), now);
}

/**
 * Closes `fraction` (share of the original position, below what is open) of an ACTIVE signal at `exitPrice`.
 * @returns the updated row, or 404, 409, 400 naming `exitPrice`, `fraction` or `at`.
 */
export function partiallyCloseSignal(signalId: number, input: { exitPrice: number; fraction: number; at?: Date }, now = new Date()): SignalChange {
  return transition(signalId, (state) => partialClose(state, { exitPrice: input.exitPrice, fraction: input.fraction }, input.at, now), now);
}

/**
 * ACTIVE → CLOSED at `exitPrice` for `reason`; the row gets its outcome (exit VWAP, pips, R).
 * @returns the updated row, or 404, 409, 400 naming `exitPrice`, `reason` or `at`.
 */
export function closeSignal(signalId: number, input: { exitPrice: number; reason: CloseReason; at?: Date }, now = new Date()): SignalChange {
  return transition(signalId, (state) => close(state, { exitPrice: input.exitPrice, reason: input.reason }, input.at, now), now);
}

/**
 * PENDING → CANCELLED with an optional note.
 * @param db the database (default the app's; the seed passes its own).
 * @param notify enqueue the event's deliveries (false for history: the seed).
 * @returns the updated row, or 404, 409 (an ACTIVE signal must be closed), 400 naming `note` or `at`.
 */
export function cancelSignal(
  signalId: number,
  input: { note?: string; at?: Date },
  now = new Date(),
  db: Db = getDb(),
  notify = true,
): SignalChange {
  return transition(signalId, (state) => cancel(state, { note: input.note }, input.at, now), now, db, notify);
}

/**
 * PENDING → EXPIRED once `expiresAt` has passed (the event is dated at `expiresAt`).
 * @returns the updated row, or 404, or 409 (not PENDING, or not yet expired).
 */
export function expireSignal(signalId: number, now = new Date()): SignalChange {
  return transition(signalId, (state) => expire(state, now), now);
}

// ---------------------------------------------------------------------------
// Prices and expiry

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
 * row, all in ONE immediate transaction, recorded at `now`.
 * Idempotent: a bar only applies after a signal's latest event, so posting
 * the same bars again changes nothing; all at once or one by one gives the same state.
 * @param bars the bars, `[{symbol, time, open, high, low, close}]` (`time` ISO 8601 UTC or epoch ms; at most 10,000).
 * @param now the current time (bars after it are refused); the seed back-dates it.
 * @param db the database (default the app's; the seed passes its own).
 * @param notify enqueue the events' deliveries (false for history: the seed).
 * @returns the counts and changed signals, or the bar errors (each naming its index, e.g. `3.time`); nothing is written on error.
 */
export function applyPriceBars(bars: unknown, now = new Date(), db: Db = getDb(), notify = true): PriceBarsResult {
  return db.transaction(
    (tx): PriceBarsResult => {
      // Open signals are few (each ends within its expiry), so all of them are replayed against; bars of other symbols touch none.
      const open = openSignalStates(tx, undefined);
      const replay = replayBars(
        open.map(({ row, state }) => ({ id: row.id, state })),
        bars,
        now,
      );
      if (!replay.ok) return replay;
      const received = Array.isArray(bars) ? bars.length : 0;
      const queue = replay.changes.flatMap((change) => change.events.map((event, index) => ({ id: change.id, event, index })));
      queue.sort((a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.id - b.id || a.index - b.index);
      for (const item of queue) appendEvent(tx, item.id, item.event, now, notify);
      const changed = replay.changes
        .map((change) => writeProjection(tx, change.id, change.state))
        .sort((a, b) => a.id - b.id);
      return {
        ok: true,
        received,
        applied: replay.bars.length,
        duplicates: received - replay.bars.length,
        events: queue.length,
        signals: changed,
      };
    },
    { behavior: "immediate" },
  );
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
  return db.transaction(
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
}

// ---------------------------------------------------------------------------
// Backfill

/**
 * Gives every signal that has no ledger events its history, so the chain
 * starts complete on a database that held signals before the ledger
 * (docs/decisions/0027-signal-ledger-storage.md): a `published` event at its
 * `createdAt` built from the row, then for a CLOSED row a `closed` event at its
 * `closedAt` with `exitPrice` and `reason` null (no exit was recorded), for a
 * CANCELLED row a `cancelled` event `{}`. Events are appended in order of
 * their time (then signal id), recorded at `now`. Open rows are rewritten as
 * the projection of their `published` event (a limit or stop entry becomes
 * PENDING); ended rows keep their status and get `originalSl`.
 * Idempotent: a second run finds no signal without events and appends nothing.
 * @param db the database to backfill (setup passes its own connection).
 * @returns how many signals and events were added.
 */
export function backfillLedger(db: Db, now: Date): { signals: number; events: number } {
  return db.transaction(
    (tx) => {
      const missing = tx
        .select({ signal: signals })
        .from(signals)
        .leftJoin(signalEvents, eq(signalEvents.signalId, signals.id))
        .where(isNull(signalEvents.seq))
        .orderBy(asc(signals.createdAt), asc(signals.id))
        .all()
        .map((row) => row.signal);
      const pending: Array<{ signal: Signal; order: number; event: { type: string; occurredAt: Date; payload: unknown } }> = [];
      for (const signal of missing) {
        const published: SignalEvent = {
          type: "published",
          occurredAt: signal.createdAt,
          payload: {
            strategyId: signal.strategyId,
            symbol: signal.symbol,
            side: signal.side,
            entryMethod: signal.entryMethod,
            entryPrice: signal.entryPrice,
            sl: signal.originalSl ?? signal.sl,
            tp1: signal.tp1,
            tp2: signal.tp2,
            expiresAt: signal.expiresAt.toISOString(),
            pipSize: instrumentSpec(signal.symbol).pipSize,
            rationale: signal.rationale,
          },
        };
        pending.push({ signal, order: 0, event: published });
        const endedAt = new Date(Math.max(signal.closedAt?.getTime() ?? 0, signal.createdAt.getTime()));
        if (signal.status === "CLOSED") pending.push({ signal, order: 1, event: { type: "closed", occurredAt: endedAt, payload: { exitPrice: null, reason: null } } });
        if (signal.status === "CANCELLED") pending.push({ signal, order: 1, event: { type: "cancelled", occurredAt: endedAt, payload: {} } });
        const columns = isEnded(signal.status)
          ? { originalSl: signal.originalSl ?? signal.sl, remaining: signal.status === "CLOSED" ? 0 : signal.remaining }
          : projectedColumns(projectSignal([published]));
        tx.update(signals).set(columns).where(eq(signals.id, signal.id)).run();
      }
      pending.sort(
        (a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.signal.id - b.signal.id || a.order - b.order,
      );
      for (const item of pending) appendEvent(tx, item.signal.id, item.event, now, false);
      return { signals: missing.length, events: pending.length };
    },
    { behavior: "immediate" },
  );
}
