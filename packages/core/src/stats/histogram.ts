/**
 * OTP delivery latency as a histogram with fixed buckets, so counters kept by `ADD` (one per
 * bucket, per day and per hour) add up across any window and percentiles come from counts alone.
 * Upper bounds in milliseconds; the last bucket is open.
 */
export const latencyBucketsMs = [25, 50, 100, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000, 30_000, Infinity] as const;

/** The attribute of bucket `i` on a stats item. */
export const bucketAttribute = (i: number) => `lat${i}`;

/** The bucket a latency falls in (upper bound inclusive). */
export function bucketOf(ms: number): number {
  const value = Math.max(0, ms);
  return latencyBucketsMs.findIndex((upper) => value <= upper);
}

/** The bucket counts of a stats item (missing buckets: 0). */
export function countsOf(item: Record<string, unknown> | undefined): number[] {
  return latencyBucketsMs.map((_, i) => Number(item?.[bucketAttribute(i)] ?? 0));
}

/** Bucket counts added up (windows of days or hours). */
export function addCounts(...lists: number[][]): number[] {
  return latencyBucketsMs.map((_, i) => lists.reduce((sum, list) => sum + (list[i] ?? 0), 0));
}

/**
 * The p-th percentile (0 < p <= 1) from bucket counts: the bucket holding the sample of rank
 * ceil(p × n), interpolated linearly inside it; in the open last bucket, its lower bound. Null
 * without samples. Rounded to whole milliseconds. `buckets`: the upper bounds counted in (by default OTP latency's).
 */
export function percentile(counts: readonly number[], p: number, buckets: readonly number[] = latencyBucketsMs): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let before = 0;
  for (let i = 0; i < counts.length; i++) {
    const inBucket = counts[i] ?? 0;
    if (inBucket > 0 && before + inBucket >= rank) {
      const lower = i === 0 ? 0 : buckets[i - 1]!;
      const upper = buckets[i]!;
      if (!Number.isFinite(upper)) return lower;
      return Math.round(lower + ((upper - lower) * (rank - before)) / inBucket);
    }
    before += inBucket;
  }
  return null;
}

export const latencyOf = (counts: readonly number[]) => ({
  p50_ms: percentile(counts, 0.5),
  p95_ms: percentile(counts, 0.95),
  samples: counts.reduce((a, b) => a + b, 0),
});
