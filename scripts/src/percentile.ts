/** The `q` quantile (0..1) of latencies sorted ascending, nearest-rank; undefined when there are none. */
export const percentile = (sorted: readonly number[], q: number): number | undefined => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
