/**
 * The ledger as the one source of truth: a signal's state, its closed trade
 * and its row are all folds of its ledger events (signal-lifecycle.ts's
 * `applyEvent`), never the projection columns. The projection (the signals
 * row) is a cache of the fold, and `projectionDrift` says where a stored row
 * parts from it (docs/decisions/0128-figures-fold-from-the-ledger.md).
 */
import { applyEvent, projectedColumns, type SignalEvent, type SignalState } from "./signal-lifecycle";
import type { ClosedTrade } from "./track-record";

/** One stored event as the fold reads it: its signal, type, market time and parsed payload. */
export interface FoldableEvent {
  signalId: number;
  type: string;
  occurredAt: Date;
  payload: unknown;
}

/**
 * Folds events of many signals, given in seq order (or grouped by signal, each
 * group in seq order), into each signal's state.
 * @returns the state by signal id; a signal whose history cannot be folded
 *   (no `published` first) maps to null.
 */
export function foldSignals(events: Iterable<FoldableEvent>): Map<number, SignalState | null> {
  const states = new Map<number, SignalState | null>();
  for (const event of events) {
    const before = states.get(event.signalId);
    if (before === null) continue;
    try {
      states.set(event.signalId, applyEvent(before ?? null, { type: event.type, occurredAt: event.occurredAt, payload: event.payload } as SignalEvent));
    } catch {
      states.set(event.signalId, null);
    }
  }
  return states;
}

/**
 * The closed trade of signal `id` as its folded state describes it, or null
 * when the state is not CLOSED with a fill and an outcome (a close recorded
 * when the ledger started carries no exit price and so no outcome, docs/decisions/0027).
 */
export function closedTradeOf(id: number, state: SignalState): ClosedTrade | null {
  if (state.status !== "CLOSED" || state.fillPrice === null || state.outcome === null || state.exits.length === 0) return null;
  return {
    id,
    strategyId: state.strategyId,
    symbol: state.symbol,
    side: state.side,
    entryPrice: state.entryPrice,
    originalSl: state.originalSl,
    fillPrice: state.fillPrice,
    pipSize: state.pipSize,
    openedAt: state.triggeredAt ?? state.publishedAt,
    closedAt: state.outcome.closedAt,
    closeReason: state.outcome.closeReason,
    exits: state.exits.map(({ exitPrice, fraction }) => ({ exitPrice, fraction })),
    simulated: state.simulated,
  };
}

/** The columns of a signals row that the fold decides. */
export type ProjectedRow = ReturnType<typeof projectedColumns> & {
  strategyId: number;
  symbol: string;
  side: string;
  entryPrice: number;
};

/** One column where the stored row and the fold of its events disagree (values as JSON would show them). */
export interface DriftField {
  field: keyof ProjectedRow;
  stored: string | number | null;
  folded: string | number | null;
}

/** A column's value as compared: times as epoch ms, numbers as they are, absent as null. */
function comparable(value: unknown): string | number | null {
  if (value instanceof Date) return value.getTime();
  if (value === undefined || value === null) return null;
  return typeof value === "number" || typeof value === "string" ? value : String(value);
}

/**
 * Where the stored row parts from the fold of its events, column by column.
 * A signal closed when the ledger started (its close carries no exit price)
 * has no outcome in the ledger; its outcome columns are not compared.
 * @param state the fold of the signal's events; null when they cannot be folded (every column then drifts).
 * @param stored the row's columns.
 * @returns the differing columns, empty when the row is the fold.
 */
export function projectionDrift(state: SignalState | null, stored: ProjectedRow): DriftField[] {
  if (state === null) return [{ field: "status", stored: stored.status, folded: null }];
  const legacyClose = state.status === "CLOSED" && state.outcome === null;
  const folded: ProjectedRow = { ...projectedColumns(state), strategyId: state.strategyId, symbol: state.symbol, side: state.side, entryPrice: state.entryPrice };
  const skipped = new Set<keyof ProjectedRow>(legacyClose ? ["exitPrice", "closeReason", "resultPips", "resultR", "closedAt", "fillPrice", "triggeredAt", "remaining"] : []);
  const drift: DriftField[] = [];
  for (const field of Object.keys(folded) as (keyof ProjectedRow)[]) {
    if (skipped.has(field)) continue;
    const a = comparable(stored[field]);
    const b = comparable(folded[field]);
    if (a !== b) drift.push({ field, stored: a, folded: b });
  }
  return drift;
}
