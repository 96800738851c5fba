/**
 * The API shape of a signal, and locking of price levels for viewers who are
 * not entitled to a strategy's live signals.
 */
import type { EntryMethod, Signal, SignalSide, SignalStatus } from "../../db/schema";

/**
 * A signal as every /api route returns it: the nested shape (`side`,
 * `entryJson`, `sl`, `tpJson`, `expiresAt`) and the flat aliases
 * (`direction`, `entryPrice`, `stopLoss`, `takeProfit1`, `takeProfit2`) at once.
 * Prices are in the instrument's quote currency; prices and rationale are null when `locked`.
 * Times are ISO 8601 UTC strings.
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
  closedAt: string | null;
  /** True when price levels (and the rationale, which may quote them) are withheld because the viewer is not entitled to this strategy. */
  locked: boolean;
}

/**
 * Whether a viewer sees `signal` without its price levels: only ACTIVE signals
 * of strategies outside `entitledStrategyIds` are locked; CLOSED and CANCELLED
 * signals are the public track record.
 */
export function isSignalLocked(signal: Pick<Signal, "status" | "strategyId">, entitledStrategyIds: ReadonlySet<number>): boolean {
  return signal.status === "ACTIVE" && !entitledStrategyIds.has(signal.strategyId);
}

/** Converts a signal row to its API shape for a viewer entitled to `entitledStrategyIds`. */
export function toApiSignal(signal: Signal, entitledStrategyIds: ReadonlySet<number>): ApiSignal {
  const locked = isSignalLocked(signal, entitledStrategyIds);
  const entryPrice = locked ? null : signal.entryPrice;
  const stopLoss = locked ? null : signal.stopLoss;
  const takeProfit1 = locked ? null : signal.takeProfit1;
  const takeProfit2 = locked ? null : signal.takeProfit2;
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
    locked,
  };
}
