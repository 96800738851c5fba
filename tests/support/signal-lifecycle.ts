/**
 * The publish input the lifecycle, replay and ledger tests start from: a
 * EURUSD LONG market signal, entry 1.1000, stop loss 1.0950 (50 pips),
 * TP1 1.1100, no TP2, pip size 0.0001.
 */
import type { PublishInput } from "~/domain/signal-lifecycle";

/** That input expiring at `expiresAt`; `extra` overrides any field. */
export function eurusdLongInput(expiresAt: Date, extra: Partial<PublishInput> = {}): PublishInput {
  return {
    strategyId: 1,
    symbol: "EURUSD",
    side: "LONG",
    entryMethod: "market",
    entryPrice: 1.1,
    sl: 1.095,
    tp1: 1.11,
    tp2: null,
    expiresAt,
    pipSize: 0.0001,
    ...extra,
  };
}
