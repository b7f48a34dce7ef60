import { describe, expect, it } from 'vitest';
import { percentile } from './percentile';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('percentile (nearest-rank)', () => {
  it('p99 of 1..100 is 99, not the maximum', () => expect(percentile(range(100), 0.99)).toBe(99));
  it('p50 of 1..100 is 50', () => expect(percentile(range(100), 0.5)).toBe(50));
  it('p50 of 1..3 is 2', () => expect(percentile(range(3), 0.5)).toBe(2));
  it('p100 is the maximum', () => expect(percentile(range(7), 1)).toBe(7));
  it('p0 is the minimum', () => expect(percentile(range(7), 0)).toBe(1));
  it('rounds the rank up between samples', () => {
    expect(percentile(range(10), 0.95)).toBe(10);
    expect(percentile(range(10), 0.91)).toBe(10);
    expect(percentile(range(10), 0.9)).toBe(9);
    expect(percentile(range(1000), 0.999)).toBe(999);
  });
  it('is not thrown off by floating-point products', () => {
    // 0.07 × 100 and 0.29 × 100 are not whole in floating point.
    expect(percentile(range(100), 0.07)).toBe(7);
    expect(percentile(range(100), 0.29)).toBe(29);
    expect(percentile(range(100), 0.57)).toBe(57);
  });
  it('one sample is every quantile', () => {
    for (const q of [0, 0.01, 0.5, 0.99, 1]) expect(percentile([42], q)).toBe(42);
  });
  it('no samples give undefined', () => expect(percentile([], 0.5)).toBeUndefined());
  it('a q outside 0..1 is clamped', () => {
    expect(percentile(range(5), -1)).toBe(1);
    expect(percentile(range(5), 2)).toBe(5);
  });
});
