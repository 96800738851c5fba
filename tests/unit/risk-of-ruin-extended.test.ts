/**
 * Risk of ruin extensions (`analyseRiskOfRuin`, `simulateFixedFractional`):
 * ruin drawdown, drawdown odds, expectancy, Kelly fraction, and the seeded
 * Monte Carlo for the fixed-fractional variant, checked against closed forms
 * where both exist.
 */
import { describe, expect, it } from "vitest";

import { fillMulberry32, mulberry32 } from "~/domain/prng";
import {
  adjustmentCoefficient,
  analyseRiskOfRuin,
  calculateRiskOfRuin,
  explainRiskOfRuin,
  MONTE_CARLO,
  PEAK_TO_TROUGH,
  peakToTroughProbability,
  ruinRoot,
  simulateFixedFractional,
} from "~/domain/risk-of-ruin";

describe("analyseRiskOfRuin — closed forms (fixed amount)", () => {
  it("(60%, 1R, 10%): odds below the start (0.4/0.6)^(X/10), expectancy 0.2R, Kelly 0.2", () => {
    const report = analyseRiskOfRuin({ winRate: 60, riskReward: 1, riskPerTrade: 10 });
    // (2/3)^1 = 66.667%, (2/3)^2 = 44.444%, (2/3)^5 = 13.169%; ruin (2/3)^10 = 1.734%.
    expect(report).toMatchObject({
      riskOfRuin: 1.734,
      riskLevel: "Low",
      ruinDrawdown: 100,
      belowStartProbabilities: { "10": 66.667, "20": 44.444, "50": 13.169 },
      expectancyR: 0.2,
      kellyFraction: 0.2,
      method: "closed-form",
    });
    expect(report.kellyNote).toMatch(/risking more than it lowers growth/);
  });

  it("(50%, 2R, 20%): Kelly f* = 0.5 − 0.5/2 = 0.25, expectancy 0.5R; ruin at 40% = z^2 with z = (√5 − 1)/2", () => {
    const report = analyseRiskOfRuin({ winRate: 50, riskReward: 2, riskPerTrade: 20, ruinDrawdown: 40 });
    const z = (Math.sqrt(5) - 1) / 2;
    expect(report.riskOfRuin).toBe(Math.round(z ** 2 * 100_000) / 1000); // 38.197
    expect(report.riskLevel).toBe("High");
    expect(report).toMatchObject({ kellyFraction: 0.25, expectancyR: 0.5 });
  });

  it("equals calculateRiskOfRuin without ruinDrawdown; odds fall as the drawdown deepens", () => {
    for (const [w, r, k] of [
      [55, 1.3, 7],
      [45, 2.2, 3.3],
      [62, 0.9, 12.5],
      [40, 1.5, 1],
    ]) {
      const report = analyseRiskOfRuin({ winRate: w, riskReward: r, riskPerTrade: k });
      const spec = calculateRiskOfRuin({ winRate: w, riskReward: r, riskPerTrade: k });
      expect(report.riskOfRuin).toBe(spec.riskOfRuin);
      expect(report.riskLevel).toBe(spec.riskLevel);
      for (const odds of [report.drawdownProbabilities, report.belowStartProbabilities, report.fixedFractional.drawdownProbabilities]) {
        expect(odds["10"]).toBeGreaterThanOrEqual(odds["20"]);
        expect(odds["20"]).toBeGreaterThanOrEqual(odds["50"]);
      }
    }
  });

  it("has a negative Kelly fraction and expectancy without an edge", () => {
    expect(analyseRiskOfRuin({ winRate: 30, riskReward: 1, riskPerTrade: 1 })).toMatchObject({ expectancyR: -0.4, kellyFraction: -0.4, riskOfRuin: 100 });
  });

  it("rejects a ruin drawdown outside (0, 100] on ruinDrawdown", () => {
    for (const ruinDrawdown of [0, -5, 100.5, Number.NaN]) {
      try {
        analyseRiskOfRuin({ winRate: 60, riskReward: 1, riskPerTrade: 10, ruinDrawdown });
        expect.unreachable();
      } catch (error) {
        expect((error as { field: string }).field).toBe("ruinDrawdown");
      }
    }
  });
});

/**
 * An independent check of the peak-to-trough odds: plain simulated accounts that keep their running peak and
 * deepest fall, written without the grid, the reflected walk or anything else of the module.
 */
function simulatedPeakToTrough(options: { winRate: number; riskReward: number; riskPerTrade: number; sizing: "fixed-amount" | "fixed-fractional"; seed: number }) {
  const paths = 10_000;
  const random = mulberry32(options.seed);
  const f = options.riskPerTrade / 100;
  const counts = [0, 0, 0];
  for (let path = 0; path < paths; path++) {
    let equity = 1;
    let peak = 1;
    let deepest = 0;
    for (let trade = 0; trade < PEAK_TO_TROUGH.horizonTrades && equity > 0; trade++) {
      const won = random() / 2 ** 32 < options.winRate / 100;
      if (options.sizing === "fixed-amount") equity += won ? f * options.riskReward : -f;
      else equity *= won ? 1 + f * options.riskReward : 1 - f;
      peak = Math.max(peak, equity);
      // Fixed amount: the fall in units of the starting balance (1); percent of equity: in units of the peak.
      deepest = Math.max(deepest, options.sizing === "fixed-amount" ? peak - equity : 1 - equity / peak);
    }
    [0.1, 0.2, 0.5].forEach((level, index) => (counts[index] += deepest >= level - 1e-9 ? 1 : 0));
  }
  return counts.map((count) => {
    const probability = count / paths;
    return { percent: probability * 100, standardError: Math.sqrt((probability * (1 - probability)) / paths) * 100 };
  });
}

describe("odds of a drawdown from a peak", () => {
  it.each([
    { winRate: 55, riskReward: 1.5, riskPerTrade: 1, seed: 11 },
    { winRate: 45, riskReward: 2.2, riskPerTrade: 3.3, seed: 12 },
  ])("agree with simulated accounts within 4 standard errors: %o", (input) => {
    const report = analyseRiskOfRuin(input);
    for (const [sizing, odds] of [
      ["fixed-amount", report.drawdownProbabilities],
      ["fixed-fractional", report.fixedFractional.drawdownProbabilities],
    ] as const) {
      simulatedPeakToTrough({ ...input, sizing }).forEach(({ percent, standardError }, index) => {
        const level = (["10", "20", "50"] as const)[index];
        expect(Math.abs(odds[level] - percent), `${sizing} ${level}%`).toBeLessThanOrEqual(4 * standardError + 0.1);
      });
    }
  });

  it("is exact where the answer is known", () => {
    const grid = { horizonTrades: 500, gridPerLoss: PEAK_TO_TROUGH.gridPerLoss };
    // One loss is the whole barrier: the chance of at least one loss in 500 trades, 1 − 0.99^500.
    expect(peakToTroughProbability({ winProbability: 0.99, up: 1, down: 1, barrier: 1, ...grid })).toBeCloseTo(1 - 0.99 ** 500, 12);
    // Ten straight losses from the start reach a barrier of exactly 10 (a 10% fall risking 1%); nine do not.
    expect(peakToTroughProbability({ winProbability: 0, up: 1, down: 1, barrier: 10, horizonTrades: 10, gridPerLoss: 20 })).toBe(1);
    expect(peakToTroughProbability({ winProbability: 0, up: 1, down: 1, barrier: 10, horizonTrades: 9, gridPerLoss: 20 })).toBe(0);
    expect(peakToTroughProbability({ winProbability: 1, up: 1, down: 1, barrier: 1, ...grid })).toBe(0);
    // Out of reach: 50 units down needs 50 losses.
    expect(peakToTroughProbability({ winProbability: 0.1, up: 1, down: 1, barrier: 50, horizonTrades: 49, gridPerLoss: 20 })).toBe(0);
    // Risking all of equity, the first loss is every drawdown.
    expect(analyseRiskOfRuin({ winRate: 90, riskReward: 1, riskPerTrade: 100 }).fixedFractional.drawdownProbabilities["50"]).toBe(100);
  });

  it("is far above the odds of falling below the starting balance (55%, 1.5R, 1%)", () => {
    const report = analyseRiskOfRuin({ winRate: 55, riskReward: 1.5, riskPerTrade: 1 });
    expect(report.belowStartProbabilities["10"]).toBe(0.708);
    expect(report.drawdownProbabilities["10"]).toBeGreaterThan(30);
    expect(report.fixedFractional.drawdownProbabilities["10"]).toBeGreaterThan(27.5);
  });
});

describe("fixed-fractional variant", () => {
  it("cannot be ruined at 100% but can draw down; reports method, paths, seed and standard errors", () => {
    const { fixedFractional } = analyseRiskOfRuin({ winRate: 60, riskReward: 1, riskPerTrade: 10 });
    expect(fixedFractional).toMatchObject({ riskOfRuin: 0, method: "monte-carlo", paths: MONTE_CARLO.paths, seed: MONTE_CARLO.seed });
    expect(fixedFractional.belowStartProbabilities["10"]).toBeGreaterThan(fixedFractional.belowStartProbabilities["50"]);
    expect(fixedFractional.belowStartStandardErrors["10"]).toBeGreaterThan(0);
    expect(fixedFractional.belowStartStandardErrors["10"]).toBeLessThan(0.2); // √(0.25 / 100,000) = 0.16 points at most
  });

  it("uses closed forms when the answer is certain or impossible", () => {
    // No upward drift of log-equity (0.5·ln 2 + 0.5·ln 0.5 = 0): every drawdown is certain.
    expect(analyseRiskOfRuin({ winRate: 50, riskReward: 2, riskPerTrade: 50 }).fixedFractional).toMatchObject({
      method: "closed-form",
      belowStartProbabilities: { "10": 100, "20": 100, "50": 100 },
      riskOfRuin: 0,
    });
    // Risking 100% of equity: the first loss empties the account.
    expect(analyseRiskOfRuin({ winRate: 90, riskReward: 1, riskPerTrade: 100 }).fixedFractional).toMatchObject({ method: "closed-form", riskOfRuin: 100 });
    expect(analyseRiskOfRuin({ winRate: 100, riskReward: 1, riskPerTrade: 10 }).fixedFractional).toMatchObject({
      drawdownProbabilities: { "10": 0, "20": 0, "50": 0 },
    });
  });

  it("is reproducible from its seed", () => {
    const options = { winProbability: 0.55, riskReward: 1.5, riskFraction: 0.05, drawdowns: [10, 20], paths: 2_000, seed: 9, horizonTrades: 500 };
    expect(simulateFixedFractional(options)).toEqual(simulateFixedFractional(options));
    expect(simulateFixedFractional({ ...options, seed: 10 })).not.toEqual(simulateFixedFractional(options));
  });

  // Where the log steps share a lattice the walk is the fixed-amount one, so the closed form exists:
  // risking f = 50% with R = 6 multiplies equity by 4 (= 2 lattice units of ln 2) on a win and by 1/2
  // (1 unit) on a loss, so reaching 50%, 75%, 87.5% drawdowns is reaching 1, 2, 3 units down: z, z², z³
  // with z = ruinRoot(p, 2) (Feller's generalized ruin, as in the module doc).
  it("agrees with the closed form z^n within 3 standard errors (f = 50%, R = 6, lattice of ln 2)", () => {
    const p = 0.4;
    const z = ruinRoot(p, 2);
    const simulated = simulateFixedFractional({
      winProbability: p,
      riskReward: 6,
      riskFraction: 0.5,
      drawdowns: [50, 75, 87.5],
      paths: MONTE_CARLO.paths,
      seed: MONTE_CARLO.seed,
      horizonTrades: MONTE_CARLO.horizonTrades,
    });
    simulated.forEach(({ probability, standardError }, index) => {
      const exact = z ** (index + 1);
      expect(Math.abs(probability - exact), `${index + 1} units`).toBeLessThanOrEqual(3 * standardError + MONTE_CARLO.tailBound);
    });
  });

  // f = 1 − 1/√2 with R = √2 − 1 over f: up × √2, down × 1/√2 — a symmetric lattice of ½·ln 2, so
  // the odds of 1 and 2 units down (a 10% and a 50% drawdown) are (q/p) and (q/p)².
  it("agrees with (q/p)^n within 3 standard errors on a symmetric lattice", () => {
    const f = 1 - Math.SQRT1_2;
    const p = 0.6;
    const simulated = simulateFixedFractional({
      winProbability: p,
      riskReward: (Math.SQRT2 - 1) / f,
      riskFraction: f,
      drawdowns: [10, 50],
      paths: MONTE_CARLO.paths,
      seed: 7,
      horizonTrades: MONTE_CARLO.horizonTrades,
    });
    const ratio = 0.4 / 0.6;
    expect(Math.abs(simulated[0].probability - ratio)).toBeLessThanOrEqual(3 * simulated[0].standardError + MONTE_CARLO.tailBound);
    expect(Math.abs(simulated[1].probability - ratio ** 2)).toBeLessThanOrEqual(3 * simulated[1].standardError + MONTE_CARLO.tailBound);
  });

  it("solves Lundberg's equation for the adjustment coefficient", () => {
    const [p, up, down] = [0.6, Math.log(1.1), -Math.log(0.9)];
    const s = adjustmentCoefficient(p, up, down);
    expect(s).toBeGreaterThan(0);
    expect(Math.abs(p * Math.exp(-s * up) + (1 - p) * Math.exp(s * down) - 1)).toBeLessThan(1e-9);
    // On the lattice up = down = u the root is ln(p/q)/u.
    expect(adjustmentCoefficient(0.6, 1, 1)).toBeCloseTo(Math.log(1.5), 9);
  });
});

describe("mulberry32", () => {
  it("is seeded and roughly uniform", () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const draws = Array.from({ length: 10_000 }, () => a());
    expect(draws.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    const mean = draws.reduce((sum, x) => sum + x / 4_294_967_296, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
    expect(draws.every((x) => Number.isInteger(x) && x >= 0 && x < 4_294_967_296)).toBe(true);
  });
});

describe("fillMulberry32", () => {
  it("writes mulberry32's sequence, block after block", () => {
    const reference = mulberry32(20_261_123);
    const block = new Uint32Array(7);
    let state = fillMulberry32(block, 20_261_123);
    const first = [...block];
    state = fillMulberry32(block, state);
    expect([...first, ...block]).toEqual(Array.from({ length: 14 }, () => reference()));
  });
});

/**
 * The exact chance that the fixed-fractional walk (× (1 + fR) or × (1 − f))
 * falls to 1 − X/100 of its start within `horizon` trades: dynamic
 * programming over (trades, wins), since equity depends on the win count
 * only. The simulation estimates the same figure, less at most
 * MONTE_CARLO.tailBound for paths it stops early.
 */
function exactDrawdownWithin(p: number, riskReward: number, f: number, drawdown: number, horizon: number): number {
  const level = (1 - drawdown / 100) * (1 + 1e-9);
  let alive = new Float64Array(horizon + 2);
  alive[0] = 1;
  let absorbed = 0;
  for (let n = 0; n < horizon; n++) {
    const next = new Float64Array(horizon + 2);
    for (let wins = 0; wins <= n; wins++) {
      const mass = alive[wins];
      if (mass === 0) continue;
      next[wins + 1] += mass * p;
      const equityAfterLoss = (1 + f * riskReward) ** wins * (1 - f) ** (n + 1 - wins);
      if (equityAfterLoss <= level) absorbed += mass * (1 - p);
      else next[wins] += mass * (1 - p);
    }
    alive = next;
  }
  return absorbed;
}

describe("simulateFixedFractional — against the exact finite-horizon odds", () => {
  // The thin-edge case of the benchmark and two others, no lattice: every estimate within
  // 3 standard errors (plus the early-stop bound) of the exact probability within the horizon.
  it.each([
    [0.5, 1.1, 0.05],
    [0.6, 1, 0.1],
    [0.5, 2, 0.2],
  ])("p = %s, R = %s, f = %s", (p, riskReward, f) => {
    const drawdowns = [10, 20, 50];
    const simulated = simulateFixedFractional({
      winProbability: p,
      riskReward,
      riskFraction: f,
      drawdowns,
      paths: MONTE_CARLO.paths,
      seed: MONTE_CARLO.seed,
      horizonTrades: MONTE_CARLO.horizonTrades,
    });
    drawdowns.forEach((drawdown, index) => {
      const exact = exactDrawdownWithin(p, riskReward, f, drawdown, MONTE_CARLO.horizonTrades);
      const { probability, standardError } = simulated[index];
      expect(standardError).toBeGreaterThan(0);
      expect(Math.abs(probability - exact), `${drawdown}% drawdown`).toBeLessThanOrEqual(3 * standardError + MONTE_CARLO.tailBound);
    });
  });
});

describe("explainRiskOfRuin", () => {
  it("says what the figure means in one line, with units", () => {
    const report = analyseRiskOfRuin({ winRate: 50, riskReward: 2, riskPerTrade: 20 });
    expect(report.explanation).toBe(
      "Winning 50% of trades at 2R while risking 20% of the starting balance per trade gives a 9.017% chance of a 100% drawdown (expectancy +0.50R per trade)",
    );
    expect(
      explainRiskOfRuin({ winRate: 40, riskReward: 1, riskPerTrade: 2.5 }, { ruinDrawdown: 30, riskOfRuin: 100, expectancyR: -0.2 }),
    ).toBe(
      "Winning 40% of trades at 1R while risking 2.5% of the starting balance per trade gives a 100% chance of a 30% drawdown (expectancy -0.20R per trade)",
    );
  });
});
