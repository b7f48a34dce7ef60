import { describe, expect, it } from 'vitest';
import { shuffled } from './shuffle';

describe('shuffled', () => {
  it('returns a copy with the same items, leaving the list as it was', () => {
    const list = [1, 2, 3, 4, 5];
    const out = shuffled(list);
    expect([...out].sort()).toEqual(list);
    expect(list).toEqual([1, 2, 3, 4, 5]);
    expect(shuffled([])).toEqual([]);
    expect(shuffled(['a'])).toEqual(['a']);
  });

  it('is Fisher–Yates: each draw picks among the items not placed yet', () => {
    // random() = 0 always swaps the last unplaced item with the first: [1,2,3,4] -> [2,3,4,1].
    expect(shuffled([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    // random() just below 1 swaps each with itself: the order stays.
    expect(shuffled([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
  });

  it('gives every permutation about equally often (where sort(() => Math.random() - 0.5) does not)', () => {
    const runs = 60_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const key = shuffled([1, 2, 3, 4]).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const expected = runs / 24;
    // Chi-square with 23 degrees of freedom: 60 is far beyond p = 0.0001 (49.7) for a uniform draw.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(60);
  });
});
