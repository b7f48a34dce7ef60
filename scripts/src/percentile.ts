/**
 * The `q` quantile (0..1) of latencies sorted ascending, nearest-rank: the value at 1-based rank
 * ceil(q·n), so p99 of 100 samples is the 99th, not the maximum; q = 0 gives the minimum.
 * Undefined when there are none.
 */
export const percentile = (sorted: readonly number[], q: number): number | undefined => {
  if (sorted.length === 0) return undefined;
  // q·n in floating point can land a hair above a whole number (0.07 × 100 = 7.000000000000001): round that off first.
  const product = Math.round(Math.min(1, Math.max(0, q)) * sorted.length * 1e9) / 1e9;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(product)));
  return sorted[rank - 1];
};
