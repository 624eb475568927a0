/** Summary statistics for benchmark results. */

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/** Standard error of the mean: the sample standard deviation (n − 1) over √n; NaN (unknown) for fewer than 2 values. */
export function standardError(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return NaN;
  const average = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - average) ** 2;
  return Math.sqrt(squares / (n - 1) / n);
}

export function minimum(values: readonly number[]): number {
  let lowest = Infinity;
  for (const value of values) if (value < lowest) lowest = value;
  return lowest;
}

export function maximum(values: readonly number[]): number {
  let highest = -Infinity;
  for (const value of values) if (value > highest) highest = value;
  return highest;
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The `p`-th percentile (0 < p ≤ 100) by nearest rank: the least value that `p` % of the values are at most. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A paired comparison of two players on the same games: a[g] against b[g]. */
export interface PairedComparison {
  /** Mean of a[g] − b[g]. */
  meanDifference: number;
  /** Standard error of that mean. */
  stderr: number;
  /** Games where a scored more, b scored more, and ties. */
  winsA: number;
  winsB: number;
  ties: number;
}

export function pairedComparison(a: readonly number[], b: readonly number[]): PairedComparison {
  if (a.length !== b.length) throw new Error(`paired samples differ in size: ${a.length} and ${b.length}`);
  const differences = a.map((value, g) => value - b[g]);
  return {
    meanDifference: mean(differences),
    stderr: standardError(differences),
    winsA: differences.filter((d) => d > 0).length,
    winsB: differences.filter((d) => d < 0).length,
    ties: differences.filter((d) => d === 0).length,
  };
}
