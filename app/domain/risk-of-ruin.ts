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
 *
 * Extensions (`analyseRiskOfRuin`):
 * - Ruin as a drawdown of D% of the starting balance (`ruinDrawdown`,
 *   default 100): the barrier is D / riskPerTrade units below the start, so
 *   ψ = z^(D / riskPerTrade), with the same exactness as above.
 * - Drawdown odds as traders mean them, from a peak (`peakToTroughProbability`):
 *   the probability that within PEAK_TO_TROUGH.horizonTrades trades equity
 *   falls 10%, 20% or 50% below its running peak (the start counts as the
 *   first peak), as the Performance page measures drawdown. A horizon is
 *   needed: over an unlimited number of trades every such drawdown is
 *   certain. Risking a fixed amount, the fall is measured in percent of the
 *   starting balance (the stake's own unit: a "trailing" drawdown of X% of
 *   the account); risking a percent of equity, in percent of the peak. Both
 *   are exact up to the grid of a Markov chain (see that function).
 * - Odds of ever falling 10%, 20% and 50% below the STARTING balance, over an
 *   unlimited number of trades (a different and much smaller figure, kept
 *   under its own name, `belowStartProbabilities`): z^(X / riskPerTrade),
 *   closed form.
 * - Expectancy per trade in R: E = p·R − (1 − p).
 * - Kelly fraction (J. L. Kelly Jr., "A New Interpretation of Information
 *   Rate", Bell System Technical Journal 35, 1956; for a win of R and a loss
 *   of 1): f* = p − (1 − p) / R, the fraction of equity per trade that
 *   maximises long-run growth; risking more lowers growth, and beyond about
 *   2·f* growth turns negative.
 * - Fixed-fractional variant (risk riskPerTrade% of CURRENT equity): equity
 *   is multiplied by (1 + f·R) on a win and (1 − f) on a loss, so with f < 1
 *   it never reaches zero (ruin at 100% is impossible) while drawdowns are
 *   not. log-equity is a random walk with steps ln(1 + f·R) and ln(1 − f),
 *   which in general do not share a lattice, so no exact closed form exists
 *   (Lundberg's inequality only bounds it): the odds come from a seeded Monte
 *   Carlo, `simulateFixedFractional` (design in its doc). Where log-equity has
 *   no upward drift every drawdown is certain (closed form, 100%).
 */
import { CalculatorInputError } from "./calculator-error";
import { fillMulberry32, UINT32_RANGE } from "./prng";

/** Spec sections 4 and 9: green below 5%, yellow from 5% to below 15%, red at 15% or above. */
export const RISK_OF_RUIN_BANDS = { moderate: 5, high: 15 } as const;

export type RiskLevel = "Low" | "Moderate" | "High";

export interface RiskOfRuinInput {
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
  const { winRate, riskReward, riskPerTrade } = checkedInput(input);
  const units = 100 / riskPerTrade; // N, possibly fractional; may be huge for tiny risks
  const z = ruinRoot(winRate / 100, riskReward);
  let probability = z >= 1 ? 1 : z <= 0 ? 0 : z ** units;
  if (!Number.isFinite(probability)) probability = z >= 1 ? 1 : 0;
  const riskOfRuin = Math.min(100, Math.max(0, Math.round(probability * 100 * 1000) / 1000));
  // The band is taken from the rounded figure so the number shown and its colour agree.
  return { riskOfRuin, riskLevel: riskLevelFor(riskOfRuin) };
}

/**
 * The spec's three inputs, checked.
 * @throws CalculatorInputError naming the field when an input is out of range.
 */
function checkedInput(input: RiskOfRuinInput): RiskOfRuinInput {
  const winRate = requireFinite(input.winRate, "winRate", "Win rate");
  if (winRate < 0 || winRate > 100) throw new CalculatorInputError("winRate", "Win rate must be between 0 and 100");
  const riskReward = requireFinite(input.riskReward, "riskReward", "Risk reward");
  if (riskReward <= 0) throw new CalculatorInputError("riskReward", "Risk reward must be greater than 0");
  const riskPerTrade = requireFinite(input.riskPerTrade, "riskPerTrade", "Risk per trade");
  if (riskPerTrade <= 0) throw new CalculatorInputError("riskPerTrade", "Risk per trade must be greater than 0");
  if (riskPerTrade > 100) throw new CalculatorInputError("riskPerTrade", "Risk per trade must be at most 100");
  return { winRate, riskReward, riskPerTrade };
}

/** The drawdowns whose odds are reported, percent (of the starting balance or the peak, as each figure says). */
export const DRAWDOWN_LEVELS = [10, 20, 50] as const;

/** Monte Carlo design (see `simulateFixedFractional`). */
export const MONTE_CARLO = {
  /** Simulated accounts per answer. */
  paths: 100_000,
  /** Seed of the mulberry32 generator: every answer is reproducible. */
  seed: 20_261_123,
  /** Trades simulated per account at most. */
  horizonTrades: 500,
  /** A path stops once its remaining chance of reaching the next barrier is below this (Lundberg bound). */
  tailBound: 1e-4,
} as const;

/** The peak-to-trough odds' horizon and grid (see `peakToTroughProbability`). */
export const PEAK_TO_TROUGH = {
  /** Trades over which a drawdown from a peak is counted. */
  horizonTrades: 500,
  /** Grid points per loss: a win's step is split between its two nearest points. */
  gridPerLoss: 20,
} as const;

/**
 * The probability that a walk's drawdown below its running peak reaches
 * `barrier` within `horizonTrades` trades, where a trade wins with
 * probability p and moves `up`, else moves `down` (all in one unit: units of
 * the stake for a fixed amount, natural-log equity for a percent of equity).
 *
 * Method: the drawdown D (distance below the peak) is a Markov chain,
 * D' = max(0, D − up) on a win and D + down on a loss, absorbed at `barrier`
 * (Lindley's recursion of a reflected random walk). Its distribution is
 * carried on a grid of `gridPerLoss` points per loss, so a loss is exact; a
 * win's step, when it falls between two points, moves the probability to
 * both in the proportion that keeps its mean. The answer is the absorbed
 * mass after `horizonTrades` steps, computed exactly on that grid: no sampling
 * error. A barrier a loss reaches exactly (10 losses of 1% from a peak for
 * 10%) counts as reached. Cost: horizonTrades × barrier/down × gridPerLoss
 * steps, at most horizonTrades² × gridPerLoss (a barrier beyond
 * horizonTrades losses cannot be reached: 0).
 * @returns a probability in [0, 1].
 */
export function peakToTroughProbability(options: {
  winProbability: number;
  up: number;
  down: number;
  barrier: number;
  horizonTrades: number;
  gridPerLoss: number;
}): number {
  const { winProbability: p, up, down, barrier, horizonTrades, gridPerLoss: k } = options;
  if (p >= 1 || barrier > horizonTrades * down * (1 + 1e-9)) return 0;
  const size = Math.max(1, Math.ceil((barrier / down) * k - 1e-6));
  const step = (up / down) * k;
  const low = Math.floor(step + 1e-9);
  const share = Math.max(0, step - low);
  const toHigh = share > 1e-9 ? p * share : 0;
  const toLow = p - toHigh;
  let current = new Float64Array(size);
  let following = new Float64Array(size);
  current[0] = 1;
  let absorbed = 0;
  for (let trade = 0; trade < horizonTrades; trade++) {
    // After `trade` trades the drawdown is at most trade losses: no point past trade × k holds any probability.
    const reach = Math.min(size, trade * k + 1);
    following.fill(0, 0, Math.min(size, reach + k));
    for (let i = 0; i < reach; i++) {
      const mass = current[i];
      if (mass === 0) continue;
      following[i > low ? i - low : 0] += toLow * mass;
      if (toHigh > 0) following[i > low + 1 ? i - low - 1 : 0] += toHigh * mass;
      if (i + k < size) following[i + k] += (1 - p) * mass;
      else absorbed += (1 - p) * mass;
    }
    [current, following] = [following, current];
  }
  return Math.min(1, absorbed);
}

/** What the Kelly fraction means for the trader. */
export const KELLY_NOTE =
  "The Kelly fraction f* = p − (1 − p)/R is the share of equity per trade that grows the account fastest in the long run; risking more than it lowers growth, and beyond about twice it the account shrinks. Zero or below: no edge, do not trade.";

/** Odds keyed by drawdown percent, each in percent. */
export type DrawdownOdds = { "10": number; "20": number; "50": number };

export interface RiskOfRuinRequest extends RiskOfRuinInput {
  /** Drawdown that counts as ruin, percent of the starting balance, 0 < D ≤ 100; default 100. */
  ruinDrawdown?: number | null;
}

/** The fixed-fractional variant: risk riskPerTrade% of current equity on every trade. */
export interface FixedFractionalOdds {
  /** Probability of a drawdown of `ruinDrawdown`% from the start, percent, 3 decimals (0 at 100%). */
  riskOfRuin: number;
  /** Odds (percent, 3 decimals) of equity falling 10, 20 and 50% below its running peak within PEAK_TO_TROUGH.horizonTrades trades. */
  drawdownProbabilities: DrawdownOdds;
  /** Odds (percent, 3 decimals) of falling 10, 20 and 50% below the starting balance within `horizonTrades` trades. */
  belowStartProbabilities: DrawdownOdds;
  /** How `riskOfRuin` and `belowStartProbabilities` were obtained. */
  method: "closed-form" | "monte-carlo";
  /** Standard errors of `belowStartProbabilities` and `riskOfRuin`, percentage points, 3 decimals (0 for closed forms). */
  belowStartStandardErrors: DrawdownOdds & { ruin: number };
  /** Simulated paths, seed and per-path horizon in trades; null for closed forms. */
  paths: number | null;
  seed: number | null;
  horizonTrades: number | null;
}

export interface RiskOfRuinReport extends RiskOfRuinResult {
  /** Drawdown that counts as ruin, percent. */
  ruinDrawdown: number;
  /** Expectancy per trade in R (multiples of the amount risked), 4 decimals. */
  expectancyR: number;
  /** Kelly fraction f* as a fraction of equity (0.2 = 20%), 4 decimals; ≤ 0 means no edge. */
  kellyFraction: number;
  kellyNote: string;
  /**
   * Odds (percent, 3 decimals) of equity falling 10, 20 and 50% of the starting balance below its running peak
   * within `drawdownHorizonTrades` trades, risking a fixed amount.
   */
  drawdownProbabilities: DrawdownOdds;
  /** The trades over which the peak-to-trough odds (here and in `fixedFractional`) are counted. */
  drawdownHorizonTrades: number;
  /** Odds (percent, 3 decimals) of ever falling 10, 20 and 50% below the starting balance, fixed amount. */
  belowStartProbabilities: DrawdownOdds;
  /** How `riskOfRuin` and `belowStartProbabilities` were obtained. */
  method: "closed-form";
  fixedFractional: FixedFractionalOdds;
  /** One line saying what the figure means, with units (see `explainRiskOfRuin`). */
  explanation: string;
}

const percentText = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
const signedR = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2, signDisplay: "always" });

/**
 * The one-line explanation of a risk of ruin answer.
 * @param input the checked inputs (winRate %, riskReward R, riskPerTrade % of the starting balance).
 * @param figures ruinDrawdown (%), riskOfRuin (%) and expectancyR (R per trade) of the answer.
 * @returns e.g. "Winning 50% of trades at 2R while risking 20% of the starting balance per trade gives a
 *   9.017% chance of a 100% drawdown (expectancy +0.50R per trade)"
 */
export function explainRiskOfRuin(
  input: RiskOfRuinInput,
  figures: Pick<RiskOfRuinReport, "ruinDrawdown" | "riskOfRuin" | "expectancyR">,
): string {
  return (
    `Winning ${percentText.format(input.winRate)}% of trades at ${percentText.format(input.riskReward)}R while risking ` +
    `${percentText.format(input.riskPerTrade)}% of the starting balance per trade gives a ${percentText.format(figures.riskOfRuin)}% ` +
    `chance of a ${percentText.format(figures.ruinDrawdown)}% drawdown (expectancy ${signedR.format(figures.expectancyR)}R per trade)`
  );
}

/** A probability (0–1) as a percent with 3 decimals, clamped to [0, 100]. */
function toPercent(probability: number): number {
  return Math.min(100, Math.max(0, Math.round(probability * 100_000) / 1000));
}

/** Rounds to 4 decimals; values too large for that to matter are returned as they are (never Infinity). */
function toFourDecimals(value: number): number {
  return Math.abs(value) >= 1e11 ? value : Math.round(value * 10_000) / 10_000;
}

/** z^units, with z = 1 meaning certain and z = 0 impossible; finite for any units ≥ 0. */
function barrierProbability(z: number, units: number): number {
  if (z >= 1) return 1;
  if (z <= 0) return 0;
  const probability = z ** units;
  return Number.isFinite(probability) ? probability : 0;
}

/**
 * Lundberg's adjustment coefficient s > 0 of a walk with steps +up (probability
 * p) and −down: the root of p·e^(−s·up) + (1 − p)·e^(s·down) = 1, by bisection.
 * Requires p·up > (1 − p)·down (upward drift). A path at distance δ above a
 * barrier reaches it with probability at most e^(−s·δ).
 */
export function adjustmentCoefficient(p: number, up: number, down: number): number {
  const g = (s: number) => p * Math.exp(-s * up) + (1 - p) * Math.exp(s * down) - 1;
  let hi = 1;
  while (g(hi) <= 0 && hi < 1e12) hi *= 2;
  let lo = 0;
  for (let i = 0; i < 200 && hi - lo > hi * 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (g(mid) > 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/** Random words generated per refill of the simulation's buffer. */
const RANDOM_BLOCK = 4096;
/** Trades decided by one 32-bit word: one per byte. */
const TRADES_PER_WORD = 4;
/** In the byte-pair table, the flag of a pair holding a tie with the threshold's top byte. */
const TIE = 4;

/**
 * Monte Carlo odds of the fixed-fractional account falling each of
 * `drawdowns` percent below its starting equity.
 *
 * Design: `paths` accounts start at equity 1; each trade wins with
 * probability p (equity × (1 + f·R)) or loses (equity × (1 − f)), drawn from
 * mulberry32(`seed`). A barrier 1 − X/100 counts as reached at equity ≤
 * barrier × (1 + 1e-9) (so lattice cases such as 0.5² hit 0.25 despite
 * rounding). A path stops when it has reached every barrier, when it is so
 * far above the next one that its remaining chance is below
 * MONTE_CARLO.tailBound (Lundberg: e^(−s·δ)), when even losing every
 * remaining trade could not reach the next barrier, or after `horizonTrades`.
 * Estimate: the share of paths reaching each barrier; standard error
 * √(P(1 − P) / paths). Requires 0 < f < 1 and upward drift of log-equity.
 *
 * Speed (the answer must come in well under 300 ms):
 * - A trade is a win when a uniform 32-bit integer u is below
 *   T = ⌈p·2^32⌉. u is drawn a byte at a time: its top byte b decides at once
 *   unless it equals T's top byte (probability 1/256), and then the top 24
 *   bits of a fresh word stand for u's remaining 24 bits. This is exactly the
 *   Bernoulli(T/2^32) draw of comparing a whole word, with four trades per
 *   generator output; the words come in blocks from `fillMulberry32`.
 * - While four straight losses could not reach the next barrier, a tight
 *   loop settles whole words, four trades each: the count w of winning bytes
 *   (two lookups in a 65,536-entry table) multiplies equity by
 *   (1 + f·R)^w·(1 − f)^(4 − w). Which trades won does not matter there,
 *   since none can touch the barrier; the escape test then runs every four
 *   trades, which keeps its Lundberg bound. A word holding a tie byte, and
 *   every trade near a barrier, is played trade by trade.
 * - Losing every remaining trade is checked against the next barrier after
 *   each win or word: a path that cannot reach it any more stops (exact).
 * @returns for each drawdown (same order): probability (0–1) and standard error (0–1).
 */
export function simulateFixedFractional(options: {
  winProbability: number;
  riskReward: number;
  riskFraction: number;
  drawdowns: readonly number[];
  paths: number;
  seed: number;
  horizonTrades: number;
}): Array<{ probability: number; standardError: number }> {
  const { winProbability: p, riskReward, riskFraction: f, drawdowns, paths, seed, horizonTrades } = options;
  const upFactor = 1 + f * riskReward;
  const downFactor = 1 - f;
  const s = adjustmentCoefficient(p, Math.log(upFactor), -Math.log(downFactor));
  const escape = Math.exp(-Math.log(MONTE_CARLO.tailBound) / s);
  // Barriers shallowest first (highest equity level first): they are reached in that order.
  const order = drawdowns.map((_, index) => index).sort((a, b) => drawdowns[a] - drawdowns[b]);
  const count = order.length;
  // Sentinels past the last barrier: level −1 is never reached, ceiling 0 stops at once.
  const levels = new Float64Array(count + 1).fill(-1);
  const ceilings = new Float64Array(count + 1);
  order.forEach((index, k) => {
    levels[k] = (1 - drawdowns[index] / 100) * (1 + 1e-9);
    ceilings[k] = levels[k] * escape;
  });
  // lowest[n]: equity factor after n straight losses, (1 − f)^n.
  const lowest = new Float64Array(horizonTrades + TRADES_PER_WORD + 1);
  lowest[0] = 1;
  for (let n = 1; n < lowest.length; n++) lowest[n] = lowest[n - 1] * downFactor;
  const fourLosses = lowest[TRADES_PER_WORD];
  // wordFactor[w]: equity factor of four trades with w wins.
  const wordFactor = new Float64Array(TRADES_PER_WORD + 1);
  for (let w = 0; w <= TRADES_PER_WORD; w++) wordFactor[w] = upFactor ** w * lowest[TRADES_PER_WORD - w];
  const reached = new Float64Array(count);

  const threshold = Math.ceil(p * UINT32_RANGE);
  const thresholdTop = Math.floor(threshold / 16_777_216);
  const thresholdRest = threshold % 16_777_216;
  // pairWins[16 bits]: wins among its two bytes, or TIE when either byte equals the threshold's top byte.
  const pairWins = new Uint8Array(65_536);
  for (let pair = 0; pair < 65_536; pair++) {
    const high = pair >>> 8;
    const low = pair & 255;
    pairWins[pair] =
      high === thresholdTop || low === thresholdTop ? TIE : (high < thresholdTop ? 1 : 0) + (low < thresholdTop ? 1 : 0);
  }
  const words = new Uint32Array(RANDOM_BLOCK);
  let state = fillMulberry32(words, seed >>> 0);
  let next = 0;
  let word = 0;
  let bytesLeft = 0;

  for (let path = 0; path < paths; path++) {
    let equity = 1;
    let hit = 0;
    while (equity <= levels[hit]) hit++;
    let level = levels[hit];
    let ceiling = ceilings[hit];
    let trade = 0;
    while (trade < horizonTrades && equity < ceiling) {
      if (bytesLeft === 0) {
        if (next === RANDOM_BLOCK) {
          state = fillMulberry32(words, state);
          next = 0;
        }
        word = words[next++];
        // Far from the barrier: settle whole words, four trades each, until a tie byte or the barrier's reach.
        while (equity * fourLosses > level && trade + TRADES_PER_WORD <= horizonTrades && equity < ceiling) {
          const high = pairWins[word >>> 16];
          const low = pairWins[word & 65_535];
          if (((high | low) & TIE) !== 0) break;
          equity *= wordFactor[high + low];
          trade += TRADES_PER_WORD;
          if (next === RANDOM_BLOCK) {
            state = fillMulberry32(words, state);
            next = 0;
          }
          word = words[next++];
        }
        if (equity * lowest[horizonTrades - trade] > level || trade >= horizonTrades || equity >= ceiling) break;
        bytesLeft = TRADES_PER_WORD;
      }
      const byte = word >>> 24;
      word = (word << 8) >>> 0;
      bytesLeft--;
      trade++;
      let win = byte < thresholdTop;
      if (byte === thresholdTop) {
        if (next === RANDOM_BLOCK) {
          state = fillMulberry32(words, state);
          next = 0;
        }
        win = words[next++] >>> 8 < thresholdRest;
      }
      if (win) {
        equity *= upFactor;
        // Even a loss on every remaining trade cannot reach the next barrier.
        if (equity * lowest[horizonTrades - trade] > level) break;
      } else {
        equity *= downFactor;
        if (equity <= level) {
          while (equity <= levels[hit]) hit++;
          level = levels[hit];
          ceiling = ceilings[hit];
        }
      }
    }
    bytesLeft = 0;
    for (let k = 0; k < hit; k++) reached[k]++;
  }
  const results = new Array<{ probability: number; standardError: number }>(count);
  order.forEach((originalIndex, k) => {
    const probability = reached[k] / paths;
    results[originalIndex] = { probability, standardError: Math.sqrt((probability * (1 - probability)) / paths) };
  });
  return results;
}

/** Keys the three reported drawdown odds by their percent. */
function oddsOf(values: readonly number[]): DrawdownOdds {
  return { "10": values[0], "20": values[1], "50": values[2] };
}

/**
 * The odds of a drawdown from a peak of each DRAWDOWN_LEVELS percent within
 * PEAK_TO_TROUGH.horizonTrades trades (percent, 3 decimals).
 * @param sizing fixed amount: the fall in percent of the starting balance; percent of equity: in percent of the peak.
 */
function peakToTroughOdds(p: number, riskReward: number, riskPerTrade: number, sizing: "fixed-amount" | "fixed-fractional"): DrawdownOdds {
  const f = riskPerTrade / 100;
  const walk =
    sizing === "fixed-amount"
      ? { up: riskReward, down: 1, barrier: (level: number) => level / riskPerTrade }
      : { up: Math.log1p(f * riskReward), down: f >= 1 ? Infinity : -Math.log1p(-f), barrier: (level: number) => -Math.log1p(-level / 100) };
  return oddsOf(
    DRAWDOWN_LEVELS.map((level) =>
      toPercent(peakToTroughProbability({ winProbability: p, up: walk.up, down: walk.down, barrier: walk.barrier(level), ...PEAK_TO_TROUGH })),
    ),
  );
}

/** The fixed-fractional variant's odds (closed form where it exists, else Monte Carlo; peak-to-trough on the grid). */
function fixedFractionalOdds(p: number, riskReward: number, riskPerTrade: number, ruinDrawdown: number): FixedFractionalOdds {
  const f = riskPerTrade / 100;
  const drawdownProbabilities = peakToTroughOdds(p, riskReward, riskPerTrade, "fixed-fractional");
  const closed = (drawdowns: readonly number[], ruin: number): FixedFractionalOdds => ({
    riskOfRuin: toPercent(ruin),
    drawdownProbabilities,
    belowStartProbabilities: oddsOf(drawdowns.map(toPercent)),
    method: "closed-form",
    belowStartStandardErrors: { "10": 0, "20": 0, "50": 0, ruin: 0 },
    paths: null,
    seed: null,
    horizonTrades: null,
  });
  if (p >= 1) return closed([0, 0, 0], 0);
  // f = 1: the first loss empties the account, and a loss comes eventually.
  if (f >= 1) return closed([1, 1, 1], 1);
  const drift = p * Math.log1p(f * riskReward) + (1 - p) * Math.log1p(-f);
  if (!(drift > 0)) return closed([1, 1, 1], ruinDrawdown >= 100 ? 0 : 1);
  const drawdowns = ruinDrawdown >= 100 ? [...DRAWDOWN_LEVELS] : [...DRAWDOWN_LEVELS, ruinDrawdown];
  const simulated = simulateFixedFractional({
    winProbability: p,
    riskReward,
    riskFraction: f,
    drawdowns,
    paths: MONTE_CARLO.paths,
    seed: MONTE_CARLO.seed,
    horizonTrades: MONTE_CARLO.horizonTrades,
  });
  const ruin = ruinDrawdown >= 100 ? { probability: 0, standardError: 0 } : simulated[3];
  const percentError = (standardError: number) => Math.round(standardError * 100_000) / 1000;
  return {
    riskOfRuin: toPercent(ruin.probability),
    drawdownProbabilities,
    belowStartProbabilities: oddsOf(simulated.slice(0, 3).map((odds) => toPercent(odds.probability))),
    method: "monte-carlo",
    belowStartStandardErrors: { ...oddsOf(simulated.slice(0, 3).map((odds) => percentError(odds.standardError))), ruin: percentError(ruin.standardError) },
    paths: MONTE_CARLO.paths,
    seed: MONTE_CARLO.seed,
    horizonTrades: MONTE_CARLO.horizonTrades,
  };
}

/**
 * Risk of ruin with ruin as a drawdown of `ruinDrawdown`%, the drawdown odds,
 * expectancy, Kelly fraction and the fixed-fractional variant (model,
 * formulas and sources in the module doc). With no `ruinDrawdown`,
 * `riskOfRuin` and `riskLevel` equal `calculateRiskOfRuin`'s.
 * @throws CalculatorInputError naming the field when an input is out of range.
 */
export function analyseRiskOfRuin(input: RiskOfRuinRequest): RiskOfRuinReport {
  const { winRate, riskReward, riskPerTrade } = checkedInput(input);
  const ruinDrawdown = input.ruinDrawdown ?? 100;
  if (typeof ruinDrawdown !== "number" || !Number.isFinite(ruinDrawdown) || ruinDrawdown <= 0 || ruinDrawdown > 100) {
    throw new CalculatorInputError("ruinDrawdown", "Ruin drawdown must be greater than 0 and at most 100");
  }
  const p = winRate / 100;
  const z = ruinRoot(p, riskReward);
  const riskOfRuin = toPercent(barrierProbability(z, ruinDrawdown / riskPerTrade));
  const expectancyR = toFourDecimals(p * riskReward - (1 - p));
  return {
    riskOfRuin,
    riskLevel: riskLevelFor(riskOfRuin),
    ruinDrawdown,
    expectancyR,
    kellyFraction: toFourDecimals(p - (1 - p) / riskReward),
    kellyNote: KELLY_NOTE,
    drawdownProbabilities: peakToTroughOdds(p, riskReward, riskPerTrade, "fixed-amount"),
    drawdownHorizonTrades: PEAK_TO_TROUGH.horizonTrades,
    belowStartProbabilities: oddsOf(DRAWDOWN_LEVELS.map((level) => toPercent(barrierProbability(z, level / riskPerTrade)))),
    method: "closed-form",
    fixedFractional: fixedFractionalOdds(p, riskReward, riskPerTrade, ruinDrawdown),
    explanation: explainRiskOfRuin({ winRate, riskReward, riskPerTrade }, { ruinDrawdown, riskOfRuin, expectancyR }),
  };
}
