/**
 * One closed trade of the track record: every figure of it, as
 * app/domain/track-record.ts computes them and ./trade-result-table.ts keeps them in columns.
 */
import type { CloseReason, SignalSide } from "./signal-lifecycle";

/** A trade's outcome: breakeven when its net R is within BREAKEVEN_R of 0, else a win or a loss by the sign (app/domain/track-record.ts). */
export type TradeOutcome = "win" | "loss" | "breakeven";

/** Every per-trade figure (the CSV has one column for each). */
export interface TradeResult {
  id: number;
  strategyId: number;
  symbol: string;
  side: SignalSide;
  /** ISO 8601 UTC. */
  openedAt: string;
  closedAt: string;
  closeReason: CloseReason;
  entryPrice: number;
  originalSl: number;
  fillPrice: number;
  /** Volume-weighted exit: Σ fraction × exitPrice / Σ fraction. */
  exitPrice: number;
  riskPips: number;
  grossPips: number;
  spreadPips: number;
  commissionPips: number;
  slippagePips: number;
  costPips: number;
  netPips: number;
  grossR: number;
  netR: number;
  holdingHours: number;
  /** USD value of one pip per standard lot the commission was converted with (`pipValueUsdPerLot`, app/domain/track-record.ts). */
  pipValueUsd: number;
  outcome: TradeOutcome;
  /** Whether the trade is simulated history (its `published` event says so, docs/decisions/0145); false for a live trade. */
  simulated: boolean;
  /** Whether `pipValueUsd` is the assumed $10 a lot: a cross with no price bar giving its quote currency's USD rate at the exit (docs/decisions/0156). */
  pipValueEstimated: boolean;
}
