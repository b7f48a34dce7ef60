import { describe, expect, it } from 'vitest';
import { addCounts, bucketOf, countsOf, latencyBucketsMs, latencyOf, percentile } from './histogram';
import { countersAt, lastDays, lastHours, statsKeys, utcHour } from './keys';
import { incrementsOf } from './record';

const counts = (entries: Record<number, number>) => latencyBucketsMs.map((_, i) => entries[i] ?? 0);

describe('latency histogram', () => {
  it('puts a latency in the bucket whose upper bound it does not pass', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(-5)).toBe(0);
    expect(bucketOf(25)).toBe(0);
    expect(bucketOf(26)).toBe(1);
    expect(bucketOf(1_000)).toBe(latencyBucketsMs.indexOf(1_000));
    expect(bucketOf(10 ** 9)).toBe(latencyBucketsMs.length - 1);
  });

  it('has no percentile without samples', () => {
    expect(percentile(counts({}), 0.5)).toBeNull();
    expect(latencyOf(counts({}))).toEqual({ p50_ms: null, p95_ms: null, samples: 0 });
  });

  it('interpolates inside the bucket holding the rank', () => {
    // 100 samples in (100, 200]: p50 is the 50th of 100 -> 150; p95 -> 195.
    const one = counts({ 3: 100 });
    expect(percentile(one, 0.5)).toBe(150);
    expect(percentile(one, 0.95)).toBe(195);
    // One sample: every percentile is in its bucket, at the upper bound.
    expect(percentile(counts({ 2: 1 }), 0.5)).toBe(100);
  });

  it('walks the cumulative counts across buckets', () => {
    // 90 fast (<= 25 ms) and 10 slow (1.5 s .. 2 s): p50 is fast, p95 is the 5th of the slow ten.
    const mixed = counts({ 0: 90, [latencyBucketsMs.indexOf(2_000)]: 10 });
    expect(percentile(mixed, 0.5)).toBe(14); // 25 * 50 / 90
    expect(percentile(mixed, 0.95)).toBe(1_750);
    expect(latencyOf(mixed).samples).toBe(100);
  });

  it('answers the open last bucket with its lower bound', () => {
    expect(percentile(counts({ [latencyBucketsMs.length - 1]: 3 }), 0.95)).toBe(30_000);
  });

  it('adds windows bucket by bucket and reads missing buckets as 0', () => {
    expect(addCounts(counts({ 1: 2 }), counts({ 1: 3, 4: 1 }))).toEqual(counts({ 1: 5, 4: 1 }));
    expect(countsOf({ lat2: 7 })).toEqual(counts({ 2: 7 }));
    expect(countsOf(undefined)).toEqual(counts({}));
  });
});

describe('stats keys', () => {
  const at = new Date('2026-03-01T00:30:00.000Z');

  it('keys a UTC day and its hours in one partition', () => {
    expect(statsKeys.day('2026-03-01')).toEqual({ pk: 'STATS#2026-03-01', sk: 'DAY' });
    expect(utcHour(at)).toBe('2026-03-01T00');
    expect(statsKeys.hour('2026-03-01T07')).toEqual({ pk: 'STATS#2026-03-01', sk: 'HOUR#07' });
    expect(statsKeys.activeRentals).toEqual({ pk: 'STATS', sk: 'ACTIVE_RENTALS' });
  });

  it('lists the last days and hours oldest first, across month ends', () => {
    expect(lastDays(at, 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays(at, 30)).toHaveLength(30);
    expect(lastHours(at, 3)).toEqual(['2026-02-28T22', '2026-02-28T23', '2026-03-01T00']);
    expect(new Set(lastHours(at, 48)).size).toBe(48);
  });

  it('uses the UTC day even where local time is another day', () => {
    expect(lastDays(new Date('2026-03-01T23:59:59.999Z'), 1)).toEqual(['2026-03-01']);
    expect(lastDays(new Date('2026-03-02T00:00:00.000Z'), 1)).toEqual(['2026-03-02']);
  });
});

describe('counter increments', () => {
  const at = new Date('2026-03-01T10:15:00.000Z');

  it('counts a purchase on the day and the gauge of its type', () => {
    const [day, gauge] = incrementsOf({ kind: 'purchase', typeId: 2, cents: 1_250 }, at);
    expect(day).toMatchObject({ counters: countersAt.day('2026-03-01'), add: { purchaseN: 1, purchaseCents: 1_250 } });
    expect(gauge).toEqual({ counters: countersAt.activeRentals, add: { private: 1 } });
  });

  it('counts an end down on the gauge, and a refund only when refunded', () => {
    expect(incrementsOf({ kind: 'rental-ended', typeId: 3 }, at)).toEqual([{ counters: countersAt.activeRentals, add: { temporary: -1 } }]);
    const refunded = incrementsOf({ kind: 'rental-ended', typeId: 1, refundedCents: 40 }, at);
    expect(refunded[0]!.add).toEqual({ refundN: 1, refundCents: 40 });
    expect(refunded[1]!.add).toEqual({ shared: -1 });
  });

  it('counts an SMS on the day and the hour, with its latency bucket when routed', () => {
    const [day, hour] = incrementsOf({ kind: 'sms', routed: true, latencyMs: 120 }, at);
    expect(day!.add).toEqual({ smsIn: 1, smsRouted: 1, lat3: 1 });
    expect(hour).toMatchObject({ counters: countersAt.hour('2026-03-01T10'), add: { smsIn: 1, smsRouted: 1, lat3: 1 } });
    expect(incrementsOf({ kind: 'sms', routed: false }, at)[0]!.add).toEqual({ smsIn: 1 });
  });

  it('keeps top-ups per provider in cents', () => {
    expect(incrementsOf({ kind: 'top-up', provider: 'payeer', cents: 1_000 }, at)[0]!.add).toEqual({ 'topUpN:payeer': 1, 'topUpCents:payeer': 1_000 });
  });
});
