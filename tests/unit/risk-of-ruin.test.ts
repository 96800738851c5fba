import { describe, expect, it } from "vitest";

import { CalculatorInputError } from "~/domain/calculator-error";
import { calculateRiskOfRuin, hasPositiveExpectancy, RISK_OF_RUIN_BANDS, riskLevelFor, ruinRoot } from "~/domain/risk-of-ruin";

const ror = (winRate: number, riskReward: number, riskPerTrade: number) =>
  calculateRiskOfRuin({ winRate, riskReward, riskPerTrade });

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fraction of `paths` simulated accounts that reach zero. Each starts with
 * N = 100 / riskPerTrade units; a path stops at ruin (≤ 0) or once it is
 * `ceiling` units above its start, where its remaining ruin chance is at most
 * z^(N + ceiling) — the truncation bias, returned so the test can allow for it.
 */
function simulateRuin(winRate: number, riskReward: number, riskPerTrade: number, paths: number, seed: number) {
  const rng = mulberry32(seed);
  const p = winRate / 100;
  const start = 100 / riskPerTrade;
  const ceiling = 60;
  const maxSteps = 100_000;
  let ruined = 0;
  for (let i = 0; i < paths; i++) {
    let balance = start;
    for (let step = 0; step < maxSteps && balance > 0 && balance < start + ceiling; step++) {
      balance += rng() < p ? riskReward : -1;
    }
    if (balance <= 0) ruined++;
  }
  const z = ruinRoot(p, riskReward);
  return { estimate: ruined / paths, truncationBias: z ** (start + ceiling) };
}

/** Independent root finder for cross-checks: plain bisection on [0, z*], z* the minimum of f. */
function bisectRoot(p: number, R: number): number {
  const f = (z: number) => p * z ** (R + 1) - z + (1 - p);
  let lo = 0;
  let hi = (1 / (p * (R + 1))) ** (1 / R);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe("calculateRiskOfRuin — worked cases", () => {
  it("(60%, 1R, 10%) → 1.734% (= (0.4/0.6)^10), Low", () => {
    expect(ror(60, 1, 10)).toEqual({ riskOfRuin: 1.734, riskLevel: "Low" });
  });

  it("(50%, 2R, 20%) → 9.02% (z = (√5 − 1)/2, z^5), Moderate", () => {
    const result = ror(50, 2, 20);
    expect(Math.abs(result.riskOfRuin - 9.02)).toBeLessThanOrEqual(0.01);
    expect(result.riskOfRuin).toBe(Math.round(((Math.sqrt(5) - 1) / 2) ** 5 * 100_000) / 1000);
    expect(result.riskLevel).toBe("Moderate");
  });

  it("(40%, 1.5R, 1%) has zero expectancy → 100%, High", () => {
    expect(ror(40, 1.5, 1)).toEqual({ riskOfRuin: 100, riskLevel: "High" });
    expect(hasPositiveExpectancy(40, 1.5)).toBe(false);
  });

  it("matches the closed form ((1 − p)/p)^N for R = 1", () => {
    for (const [winRate, riskPerTrade] of [
      [55, 10],
      [52, 2],
      [70, 25],
      [51, 5],
    ]) {
      const p = winRate / 100;
      const expected = Math.round(((1 - p) / p) ** (100 / riskPerTrade) * 100_000) / 1000;
      expect(ror(winRate, 1, riskPerTrade).riskOfRuin).toBeCloseTo(expected, 3);
    }
  });

  it("depends on the reward-to-risk ratio (not the ((1−A)/(1+A))^N shortcut)", () => {
    expect(ror(50, 3, 20).riskOfRuin).toBeLessThan(ror(50, 2, 20).riskOfRuin);
    expect(ror(50, 2, 20).riskOfRuin).toBeLessThan(ror(50, 1.5, 20).riskOfRuin);
  });
});

describe("calculateRiskOfRuin — edges and rounding", () => {
  it("p = 1 → 0%; p = 0 → 100%; negative expectancy → 100%", () => {
    expect(ror(100, 1, 50)).toEqual({ riskOfRuin: 0, riskLevel: "Low" });
    expect(ror(100, 0.01, 100).riskOfRuin).toBe(0);
    expect(ror(0, 10, 1)).toEqual({ riskOfRuin: 100, riskLevel: "High" });
    expect(ror(30, 1, 1).riskOfRuin).toBe(100);
    expect(ror(50, 1, 1).riskOfRuin).toBe(100); // break-even coin toss
  });

  it("rounds to 3 decimals", () => {
    for (const [w, r, k] of [
      [55, 1.3, 7],
      [45, 2.2, 3.3],
      [62, 0.9, 12.5],
    ]) {
      const { riskOfRuin } = ror(w, r, k);
      expect(Math.round(riskOfRuin * 1000) / 1000).toBe(riskOfRuin);
    }
  });

  it("rises with the risk per trade and falls with the win rate", () => {
    let previous = -1;
    for (const riskPerTrade of [1, 2, 5, 10, 20, 50, 100]) {
      const { riskOfRuin } = ror(55, 1.2, riskPerTrade);
      expect(riskOfRuin).toBeGreaterThanOrEqual(previous);
      previous = riskOfRuin;
    }
    expect(ror(60, 1.2, 10).riskOfRuin).toBeLessThan(ror(50, 1.2, 10).riskOfRuin);
  });

  it("is finite and within [0, 100] for extreme inputs", () => {
    const cases: Array<[number, number, number]> = [
      [50, 1.0000001, 1], // barely positive expectancy: root next to 1
      [99.9999, 0.000002, 0.0001],
      [0.0001, 1e9, 100],
      [50, 1e12, 1e-9],
      [1e-9, 1e12, 1e-300],
      [100, 1e-12, 1e-12],
    ];
    for (const [w, r, k] of cases) {
      const { riskOfRuin, riskLevel } = ror(w, r, k);
      expect(Number.isFinite(riskOfRuin), `${w}, ${r}, ${k}`).toBe(true);
      expect(riskOfRuin).toBeGreaterThanOrEqual(0);
      expect(riskOfRuin).toBeLessThanOrEqual(100);
      expect(["Low", "Moderate", "High"]).toContain(riskLevel);
    }
    expect(ror(50, 1.0000001, 1).riskOfRuin).toBeGreaterThan(99.9);
  });

  it("rejects out-of-range inputs naming the field", () => {
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(CalculatorInputError);
        return (error as CalculatorInputError).field;
      }
      return null;
    };
    expect(fieldOf(() => ror(101, 1, 1))).toBe("winRate");
    expect(fieldOf(() => ror(-1, 1, 1))).toBe("winRate");
    expect(fieldOf(() => ror(Number.NaN, 1, 1))).toBe("winRate");
    expect(fieldOf(() => ror(50, 0, 1))).toBe("riskReward");
    expect(fieldOf(() => ror(50, Number.POSITIVE_INFINITY, 1))).toBe("riskReward");
    expect(fieldOf(() => ror(50, 1, 0))).toBe("riskPerTrade");
    expect(fieldOf(() => ror(50, 1, 100.5))).toBe("riskPerTrade");
  });
});

describe("ruinRoot", () => {
  it("solves p·z^(R+1) − z + (1 − p) = 0 in (0, 1), agreeing with bisection", () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 300; i++) {
      const p = 0.05 + rng() * 0.9;
      const R = 0.2 + rng() * 6;
      if (!hasPositiveExpectancy(p * 100, R) || p * R - (1 - p) < 0.01) continue;
      const z = ruinRoot(p, R);
      expect(z).toBeGreaterThan(0);
      expect(z).toBeLessThan(1);
      expect(Math.abs(p * z ** (R + 1) - z + (1 - p))).toBeLessThan(1e-12);
      expect(z).toBeCloseTo(bisectRoot(p, R), 10);
    }
  });

  it("is exactly (1 − p)/p for R = 1 and 1 without an edge", () => {
    expect(ruinRoot(0.6, 1)).toBeCloseTo(2 / 3, 14);
    expect(ruinRoot(0.5, 2)).toBeCloseTo((Math.sqrt(5) - 1) / 2, 14);
    expect(ruinRoot(0.4, 1.5)).toBe(1);
    expect(ruinRoot(1, 1)).toBe(0);
  });
});

describe("risk levels", () => {
  it("uses the spec's bands: Low < 5 ≤ Moderate < 15 ≤ High", () => {
    expect(RISK_OF_RUIN_BANDS).toEqual({ moderate: 5, high: 15 });
    expect(riskLevelFor(0)).toBe("Low");
    expect(riskLevelFor(4.999)).toBe("Low");
    expect(riskLevelFor(5)).toBe("Moderate");
    expect(riskLevelFor(14.999)).toBe("Moderate");
    expect(riskLevelFor(15)).toBe("High");
    expect(riskLevelFor(100)).toBe("High");
  });

  it("labels computed results by band", () => {
    expect(ror(55, 1, 10).riskLevel).toBe("Moderate"); // 13.443
    expect(ror(55, 1, 20).riskLevel).toBe("High"); // 36.7
    expect(ror(60, 1, 10).riskLevel).toBe("Low"); // 1.734
  });
});

describe("Monte Carlo agreement (seeded, 20,000 paths per case)", () => {
  const PATHS = 20_000;

  // Tolerance: 4 binomial standard errors of the estimate, plus the truncation bias
  // (paths stopped 60 units above the start still had ≤ z^(N+60) chance of ruin).
  function tolerance(probability: number, truncationBias: number) {
    return 4 * Math.sqrt((probability * (1 - probability)) / PATHS) + truncationBias;
  }

  it.each([
    [55, 1, 10, 1],
    [50, 2, 20, 2],
    [45, 2, 10, 3],
  ])("(%s%%, %sR, %s%%): formula within 4 standard errors of simulation (exact case: whole N and R)", (w, r, k, seed) => {
    const formula = ror(w, r, k).riskOfRuin / 100;
    const { estimate, truncationBias } = simulateRuin(w, r, k, PATHS, seed);
    expect(Math.abs(estimate - formula)).toBeLessThanOrEqual(tolerance(formula, truncationBias));
  });

  it("(50%, 1.5R, 10%): fractional R overshoots zero, so the truth lies between z^(N+1) and z^N", () => {
    const z = ruinRoot(0.5, 1.5);
    const upper = ror(50, 1.5, 10).riskOfRuin / 100; // z^10
    const lower = z ** 11;
    const { estimate, truncationBias } = simulateRuin(50, 1.5, 10, PATHS, 4);
    const slack = tolerance(upper, truncationBias);
    expect(estimate).toBeLessThanOrEqual(upper + slack);
    expect(estimate).toBeGreaterThanOrEqual(lower - slack);
  });
});
