/**
 * Publishing signals (admin only; callers check the role). Input comes from
 * `signalSchema` (app/schemas/signal.ts); this module adds the checks that
 * need the database.
 */
import type { Signal } from "../../db/schema";
import type { SignalInput } from "~/schemas/signal";
import { createSignal } from "~/models/signals.server";
import { getStrategyById } from "~/models/strategies.server";

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
 * Publishes a validated signal as ACTIVE, created now by `adminUserId`.
 * @returns the stored row.
 * @throws StrategyUnavailableError when the strategy does not exist or is inactive.
 */
export function publishSignal(input: SignalInput, adminUserId: number, now = new Date()): Signal {
  const strategy = getStrategyById(input.strategyId);
  if (!strategy) {
    throw new StrategyUnavailableError(`Strategy ${input.strategyId} does not exist. Choose an existing strategy.`, "unknown");
  }
  if (!strategy.isActive) {
    throw new StrategyUnavailableError(
      `${strategy.name} is inactive, so it cannot receive new signals. Choose an active strategy.`,
      "inactive",
    );
  }
  return createSignal({
    strategyId: strategy.id,
    symbol: input.symbol,
    side: input.side,
    status: "ACTIVE",
    entryPrice: input.entryPrice,
    entryMethod: input.entryMethod,
    stopLoss: input.sl,
    takeProfit1: input.tp1,
    takeProfit2: input.tp2 ?? null,
    rationale: input.rationale ?? null,
    createdById: adminUserId,
    createdAt: now,
    expiresAt: input.expiresAt,
    closedAt: null,
  });
}
