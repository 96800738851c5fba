/**
 * Risk of ruin estimator (spec sections 2 "Tools", 3 "Risk of ruin request",
 * 4 "Risk of ruin colour", 9 "Risk of ruin bands"). Pure: no I/O.
 *
 * Model: every trade risks the same amount, `riskPerTrade`% of the STARTING
 * balance (one "unit"), so the account starts with N = 100 / riskPerTrade
 * units. A trade wins with probability p = winRate / 100 and then gains
 * `riskReward` (R) units; otherwise it loses 1 unit. Ruin is the balance
 * reaching zero (≤ 0) at any time, over an unlimited number of trades.
 *
 * Result: riskOfRuin = 100 × z^N percent, where z is the root in (0, 1) of
 *
 *   p·z^(R+1) − z + (1 − p) = 0       (equivalently p·z^R + (1 − p)·z^(−1) = 1)
 *
 * which exists exactly when the expectancy is positive (p·R > 1 − p);
 * otherwise ruin is certain (100%). z^X is then a martingale of the balance X
 * (in units), and optional stopping gives the classical gambler's-ruin answer
 * for a random walk with general steps — W. Feller, "An Introduction to
 * Probability Theory and Its Applications", Vol. I, ch. XIV §8 (generalized
 * ruin problems), the same root as Lundberg's adjustment coefficient in
 * insurance ruin theory. Because a loss is exactly one unit, the walk can
 * overshoot zero by less than one unit, so the true probability ψ satisfies
 * z^(N+1) < ψ ≤ z^N: z^N is exact when N and R are whole numbers (no
 * overshoot; for R = 1 it is the textbook ((1 − p)/p)^N) and a slightly
 * conservative upper bound otherwise. The ((1 − A)/(1 + A))^N shortcut is
 * deliberately NOT used: it ignores R.
 *
 * Solving: f(z) = p·z^(R+1) − z + (1 − p) is convex on [0, 1] with f(0) > 0,
 * so Newton's method started at z = 0 climbs monotonically to the smaller
 * root without overshooting it (each tangent lies below the convex curve);
 * it converges quadratically, or linearly near zero expectancy, and is capped
 * at 1000 steps.
 */
import { CalculatorInputError } from "./calculator-error";

/** Spec sections 4 and 9: green below 5%, yellow from 5% to below 15%, red at 15% or above. */
export const RISK_OF_RUIN_BANDS = { moderate: 5, high: 15 } as const;

export type RiskLevel = "Low" | "Moderate" | "High";

interface RiskOfRuinInput {
  /** Percent of trades that win, 0 to 100. */
  winRate: number;
  /** Reward-to-risk ratio R of a winning trade (a win pays R times the risk); > 0. */
  riskReward: number;
  /** Percent of the starting balance risked per trade; 0 < riskPerTrade ≤ 100. */
  riskPerTrade: number;
}

export interface RiskOfRuinResult {
  /** Probability of ever losing the whole balance, in percent (0–100), to 3 decimals. */
  riskOfRuin: number;
  /** Band of `riskOfRuin` (see RISK_OF_RUIN_BANDS). */
  riskLevel: RiskLevel;
}

/** 'Low' below 5, 'Moderate' from 5 to below 15, 'High' at 15 or above (percent). */
export function riskLevelFor(riskOfRuinPercent: number): RiskLevel {
  if (riskOfRuinPercent >= RISK_OF_RUIN_BANDS.high) return "High";
  if (riskOfRuinPercent >= RISK_OF_RUIN_BANDS.moderate) return "Moderate";
  return "Low";
}

/** Whether p·R > 1 − p, computed on the percent inputs to avoid 0.4 × 1.5 ≠ 0.6 noise. */
export function hasPositiveExpectancy(winRate: number, riskReward: number): boolean {
  const edge = winRate * riskReward - (100 - winRate);
  return edge > 1e-9 * Math.max(1, winRate * riskReward);
}

/**
 * The root z in [0, 1) of p·z^(R+1) − z + (1 − p) = 0 for a positive-expectancy
 * game, or 1 when the expectancy is not positive (ruin certain).
 * @param winProbability p in [0, 1]; @param riskReward R > 0.
 */
export function ruinRoot(winProbability: number, riskReward: number): number {
  const p = winProbability;
  const R = riskReward;
  if (p >= 1) return 0;
  if (!hasPositiveExpectancy(p * 100, R)) return 1;
  const q = 1 - p;
  let z = 0;
  for (let i = 0; i < 1000; i++) {
    const f = p * z ** (R + 1) - z + q;
    if (f <= 0) break; // at (or numerically past) the root
    const slope = p * (R + 1) * z ** R - 1;
    if (slope >= 0) break; // at the minimum of f: double root, expectancy ≈ 0
    const next = z - f / slope;
    if (!(next > z)) break; // no further progress in double precision
    z = Math.min(next, 1);
  }
  return z;
}

function requireFinite(value: unknown, field: string, label: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new CalculatorInputError(field, `${label} must be a number`);
  }
  return value;
}

/**
 * Risk of ruin in percent and its band (model, formula and source in the
 * module doc). Always finite, in [0, 100].
 * @throws CalculatorInputError naming the field when an input is out of range.
 */
export function calculateRiskOfRuin(input: RiskOfRuinInput): RiskOfRuinResult {
  const winRate = requireFinite(input.winRate, "winRate", "Win rate");
  if (winRate < 0 || winRate > 100) throw new CalculatorInputError("winRate", "Win rate must be between 0 and 100");
  const riskReward = requireFinite(input.riskReward, "riskReward", "Risk reward");
  if (riskReward <= 0) throw new CalculatorInputError("riskReward", "Risk reward must be greater than 0");
  const riskPerTrade = requireFinite(input.riskPerTrade, "riskPerTrade", "Risk per trade");
  if (riskPerTrade <= 0) throw new CalculatorInputError("riskPerTrade", "Risk per trade must be greater than 0");
  if (riskPerTrade > 100) throw new CalculatorInputError("riskPerTrade", "Risk per trade must be at most 100");

  const units = 100 / riskPerTrade; // N, possibly fractional; may be huge for tiny risks
  const z = ruinRoot(winRate / 100, riskReward);
  let probability = z >= 1 ? 1 : z <= 0 ? 0 : z ** units;
  if (!Number.isFinite(probability)) probability = z >= 1 ? 1 : 0;
  const riskOfRuin = Math.min(100, Math.max(0, Math.round(probability * 100 * 1000) / 1000));
  // The band is taken from the rounded figure so the number shown and its colour agree.
  return { riskOfRuin, riskLevel: riskLevelFor(riskOfRuin) };
}
