/**
 * The API shape of a signal, and locking of price levels for viewers who are
 * not entitled to a strategy's live signals.
 */
import type { EntryMethod, Signal, SignalSide, SignalStatus } from "../../db/schema";
import { isEnded, type CloseReason } from "./signal-lifecycle";

/**
 * A signal as every /api route returns it: the nested shape (`side`,
 * `entryJson`, `sl`, `tpJson`, `expiresAt`) and the flat aliases
 * (`direction`, `entryPrice`, `stopLoss`, `takeProfit1`, `takeProfit2`) at once.
 * Prices are in the instrument's quote currency; prices (the levels and the
 * fill) and rationale are null when `locked`. Times are ISO 8601 UTC strings.
 * The outcome fields are null until the signal is CLOSED.
 */
export interface ApiSignal {
  id: number;
  strategyId: number;
  symbol: string;
  status: SignalStatus;
  side: SignalSide;
  direction: SignalSide;
  entryJson: { price: number | null; method: EntryMethod };
  sl: number | null;
  tpJson: { tp1: number | null; tp2: number | null };
  entryPrice: number | null;
  stopLoss: number | null;
  takeProfit1: number | null;
  takeProfit2: number | null;
  rationale: string | null;
  createdAt: string;
  expiresAt: string;
  /** When the signal ended (closed, cancelled or expired). */
  closedAt: string | null;
  /** Fill price once triggered (a market entry fills at its entry price); null while PENDING or locked. */
  fillPrice: number | null;
  /** Volume-weighted exit price over partial and final exits. */
  exitPrice: number | null;
  closeReason: CloseReason | null;
  /** Result in pips, to 0.1. */
  resultPips: number | null;
  /** Result in multiples of the original risk (entry to first stop), to 0.01. */
  resultR: number | null;
  /** URL of the signal's ledger events (`GET /api/signals/{id}/events`). */
  events: string;
  /** True when price levels (and the rationale, which may quote them) are withheld because the viewer is not entitled to this strategy. */
  locked: boolean;
}

/**
 * Whether a viewer sees `signal` without its price levels: only open signals
 * (PENDING or ACTIVE) of strategies outside `entitledStrategyIds` are locked;
 * ended ones (CLOSED, CANCELLED, EXPIRED) are the public track record.
 */
export function isSignalLocked(signal: Pick<Signal, "status" | "strategyId">, entitledStrategyIds: ReadonlySet<number>): boolean {
  return !isEnded(signal.status) && !entitledStrategyIds.has(signal.strategyId);
}

/** The URL of a signal's ledger events. */
export function signalEventsUrl(signalId: number): string {
  return `/api/signals/${signalId}/events`;
}

/** Converts a signal row to its API shape for a viewer entitled to `entitledStrategyIds`. */
export function toApiSignal(signal: Signal, entitledStrategyIds: ReadonlySet<number>): ApiSignal {
  const locked = isSignalLocked(signal, entitledStrategyIds);
  const entryPrice = locked ? null : signal.entryPrice;
  const stopLoss = locked ? null : signal.sl;
  const takeProfit1 = locked ? null : signal.tp1;
  const takeProfit2 = locked ? null : signal.tp2;
  return {
    id: signal.id,
    strategyId: signal.strategyId,
    symbol: signal.symbol,
    status: signal.status,
    side: signal.side,
    direction: signal.side,
    entryJson: { price: entryPrice, method: signal.entryMethod },
    sl: stopLoss,
    tpJson: { tp1: takeProfit1, tp2: takeProfit2 },
    entryPrice,
    stopLoss,
    takeProfit1,
    takeProfit2,
    rationale: locked ? null : signal.rationale,
    createdAt: signal.createdAt.toISOString(),
    expiresAt: signal.expiresAt.toISOString(),
    closedAt: signal.closedAt ? signal.closedAt.toISOString() : null,
    fillPrice: locked ? null : signal.fillPrice,
    exitPrice: signal.exitPrice,
    closeReason: signal.closeReason,
    resultPips: signal.resultPips,
    resultR: signal.resultR,
    events: signalEventsUrl(signal.id),
    locked,
  };
}

/**
 * A ledger event as the /api ledger routes return it (docs/ledger.md): the
 * stored fields, times as ISO 8601 UTC with milliseconds, `payload` as the
 * stored canonical JSON text (the exact bytes hashed), `payload` and `salt`
 * null when hidden from the viewer.
 */
export interface ApiLedgerEvent {
  seq: number;
  signalId: number;
  type: string;
  payload: string | null;
  salt: string | null;
  payloadHash: string;
  occurredAt: string;
  recordedAt: string;
  prevHash: string;
  hash: string;
}

/** Converts a ledger row (already revealed or hidden for the viewer) to its API shape. */
export function toApiLedgerEvent(row: {
  seq: number;
  signalId: number;
  type: string;
  payload: string | null;
  salt: string | null;
  payloadHash: string;
  occurredAt: Date;
  recordedAt: Date;
  prevHash: string;
  hash: string;
}): ApiLedgerEvent {
  return {
    seq: row.seq,
    signalId: row.signalId,
    type: row.type,
    payload: row.payload,
    salt: row.salt,
    payloadHash: row.payloadHash,
    occurredAt: row.occurredAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

/**
 * What a page's signal list shows of a signal (app/components/signal-list.tsx):
 * the nested shape's fields only, so page loaders send no more than the page
 * renders (the outcome, the flat aliases and the events URL stay in /api).
 */
export type SignalListView = Pick<
  ApiSignal,
  "id" | "strategyId" | "symbol" | "status" | "side" | "entryJson" | "sl" | "tpJson" | "rationale" | "createdAt" | "expiresAt" | "locked"
>;

/** The `SignalListView` of an API signal (locked levels stay null). */
export function toSignalListView(signal: ApiSignal): SignalListView {
  return {
    id: signal.id,
    strategyId: signal.strategyId,
    symbol: signal.symbol,
    status: signal.status,
    side: signal.side,
    entryJson: signal.entryJson,
    sl: signal.sl,
    tpJson: signal.tpJson,
    rationale: signal.rationale,
    createdAt: signal.createdAt,
    expiresAt: signal.expiresAt,
    locked: signal.locked,
  };
}
