/**
 * Signals: the listings, publishing and every lifecycle transition the desk
 * and the API take, and the write path they share with the price replay
 * (price-replay.server.ts) and the ledger backfill (ledger-backfill.server.ts).
 * Nothing else writes `signals` or `signal_events`; the ledger's reads are in
 * ledger.server.ts.
 *
 * Each write appends one event to the global hash-chained ledger
 * (`signal_events`, app/domain/ledger.ts) and writes the signal row as the
 * projection of its events (app/domain/signal-lifecycle.ts), in ONE synchronous
 * IMMEDIATE transaction: the ledger head is read inside it, so `seq` has no gaps
 * even with several writers on the file.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { signalEvents, signals, strategies, type Signal, type SignalEventRow } from "../../db/schema";
import { sealEvent, SALT_BYTES, type LedgerRow } from "~/domain/ledger";
import { instrumentSpec } from "~/domain/instruments";
import { toDomainEvent } from "~/models/ledger.server";
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
import { checkTouchedSignals } from "~/models/projection-check.server";
import { getEntitlements } from "~/models/subscriptions.server";
import type { PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { preparedQuery } from "~/platform/prepared.server";

/** A write transaction of the app's connection. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A connection or a transaction: anything that can run the ledger's queries. */
export type Queryable = Db | Tx;

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
// Appending to the ledger (signal_events)

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
export function appendEvent(
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
 * @param now the publish time (the seed back-dates it to build history).
 * @param db the database (default the app's; the seed passes its own).
 * @param notify enqueue the event's deliveries (false for history: the seed).
 * @param simulated sealed in the `published` payload: true only for the seed's
 *   generated history, false (the default) for a signal an admin publishes
 *   (docs/decisions/0145-simulated-flag-in-the-ledger.md).
 * @param recordedAt the ledger's `recordedAt`: the real time of the write
 *   (default `now`; the seed passes the time it runs, docs/decisions/0149).
 * @returns the stored row.
 * @throws StrategyUnavailableError when the strategy does not exist or is inactive;
 *   Error when the domain refuses input the schema accepted (an expiry no longer after `now`).
 */
export function publishSignal(
  input: SignalInput,
  adminUserId: number | null,
  now = new Date(),
  db: Db = getDb(),
  notify = true,
  simulated = false,
  recordedAt: Date = now,
): Signal {
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
      simulated,
    },
    undefined,
    now,
  );
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.message}`);
  const { event, state } = result;
  const published = db.transaction(
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
      appendEvent(tx, row.id, event, recordedAt, notify);
      return row;
    },
    { behavior: "immediate" },
  );
  if (notify) checkTouchedSignals([published.id], now, db);
  return published;
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
export function recordChange(tx: Tx, signalId: number, events: readonly SignalEvent[], state: SignalState, now: Date, notify: boolean): Signal {
  for (const event of events) appendEvent(tx, signalId, event, now, notify);
  return writeProjection(tx, signalId, state);
}

/** Writes `state` to signal `signalId`'s row (after its events were appended). */
export function writeProjection(tx: Queryable, signalId: number, state: SignalState): Signal {
  return tx.update(signals).set(projectedColumns(state)).where(eq(signals.id, signalId)).returning().get();
}

/**
 * Loads signal `signalId` and its events, takes the domain decision, and on
 * success appends the event (recorded at `recordedAt`, default `now`) and
 * writes the projected row, all in one IMMEDIATE transaction.
 */
function transition(
  signalId: number,
  decide: (state: SignalState) => TransitionResult,
  now: Date,
  db: Db = getDb(),
  notify = true,
  recordedAt: Date = now,
): SignalChange {
  const change = db.transaction(
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
      return { ok: true, signal: recordChange(tx, signalId, [result.event], result.state, recordedAt, notify) };
    },
    { behavior: "immediate" },
  );
  if (change.ok && notify) checkTouchedSignals([signalId], now, db);
  return change;
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
 * @param recordedAt the ledger's `recordedAt` (default `now`; the seed passes the time it runs).
 * @returns the updated row, or 404, 409 (an ACTIVE signal must be closed), 400 naming `note` or `at`.
 */
export function cancelSignal(
  signalId: number,
  input: { note?: string; at?: Date },
  now = new Date(),
  db: Db = getDb(),
  notify = true,
  recordedAt: Date = now,
): SignalChange {
  return transition(signalId, (state) => cancel(state, { note: input.note }, input.at, now), now, db, notify, recordedAt);
}

/**
 * PENDING → EXPIRED once `expiresAt` has passed (the event is dated at `expiresAt`).
 * @returns the updated row, or 404, or 409 (not PENDING, or not yet expired).
 */
export function expireSignal(signalId: number, now = new Date()): SignalChange {
  return transition(signalId, (state) => expire(state, now), now);
}

