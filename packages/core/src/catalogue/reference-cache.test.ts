import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedReference, clearReferenceCache } from './reference-cache';

afterEach(() => {
  clearReferenceCache();
  vi.useRealTimers();
});

describe('cachedReference', () => {
  it('loads once for concurrent and repeated reads within the TTL', async () => {
    const load = vi.fn(async () => ['uk']);
    const reads = await Promise.all([1, 2, 3].map(() => cachedReference('COUNTRIES', load)));
    await cachedReference('COUNTRIES', load);
    expect(reads).toEqual([['uk'], ['uk'], ['uk']]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads again once the TTL has passed', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => Date.now());
    await cachedReference('RENT_TIMES', load);
    vi.advanceTimersByTime(61_000);
    await cachedReference('RENT_TIMES', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not remember a failed read', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce(['de']);
    await expect(cachedReference('COUNTRY#2', load)).rejects.toThrow('throttled');
    await expect(cachedReference('COUNTRY#2', load)).resolves.toEqual(['de']);
  });

  it('keeps keys apart and forgets everything on clear', async () => {
    const load = vi.fn(async () => 1);
    await cachedReference('A', load);
    await cachedReference('B', load);
    clearReferenceCache();
    await cachedReference('A', load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
