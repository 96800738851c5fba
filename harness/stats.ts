/**
 * The figures every benchmark and timing test reports, computed one way:
 * percentiles by the nearest-rank method (the smallest sample with at least
 * p % of the samples at or below it; NIST/Hyndman–Fan definition 1), the
 * median as the middle sample or the mean of the two middle ones.
 */

/**
 * The `p`th percentile (0–100) of `samples`, nearest rank; the samples need not be sorted.
 * @returns NaN for no samples.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * The median of `samples` (the mean of the two middle ones for an even count); NaN values are left out.
 * @returns NaN for no samples.
 */
export function median(samples: readonly number[]): number {
  const sorted = samples.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

