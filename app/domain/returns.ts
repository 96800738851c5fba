/** Compounding percentage returns (monthly or per period). Pure. */

/** Compounds percentage returns (e.g. monthly) into one percentage return: (Π(1 + rᵢ/100) − 1) × 100. */
export function compoundReturnPct(returnsPct: ReadonlyArray<number>): number {
  return (returnsPct.reduce((growth, pct) => growth * (1 + pct / 100), 1) - 1) * 100;
}

/**
 * Equity after each period, compounding percentage returns from `start`
 * (default 100), each value to two decimals; `returnsPct.length + 1` values.
 */
export function equityCurve(returnsPct: ReadonlyArray<number>, start = 100): number[] {
  const points = [start];
  for (const returnPct of returnsPct) {
    points.push(points[points.length - 1]! * (1 + returnPct / 100));
  }
  return points.map((p) => Math.round(p * 100) / 100);
}
