/**
 * Catalogue reference data (countries, rent times, offers and their prices) changes only when the
 * catalogue is re-seeded or edited, yet every picker request reads it. A warm Lambda keeps each
 * partition for a short while, so a request costs at most the one read of live data (numbers).
 * Numbers, rentals and balances are never cached.
 */
import { catalogCacheSeconds } from '../shared/settings';

const ttlMs = () => catalogCacheSeconds() * 1000;

const entries = new Map<string, { until: number; value: Promise<unknown> }>();

/** The cached value of `key`, loading it once however many requests ask at the same time (for `forMs`, by default the catalogue's cache time). */
export function cachedReference<T>(key: string, load: () => Promise<T>, forMs = ttlMs()): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { until: now + forMs, value });
  // A failed read is not remembered: the next request tries again.
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}

/** Forget one entry (a value that must not be served from the cache, e.g. "no such number"). */
export function forgetReference(key: string): void {
  entries.delete(key);
}

/** Forget everything, as if the cache's time had passed (after a re-seed in the same process; locally `POST /_local/catalogue-cache/expire`). */
export function clearReferenceCache(): void {
  entries.clear();
}
