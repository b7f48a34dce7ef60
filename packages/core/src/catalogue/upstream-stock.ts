import { deleteItem, putItem, readPartition } from '../shared/db';
import { upstreamStockItem } from '../shared/db/items/catalogue-upstream-stock';
import { cachedReference, forgetReference } from './reference-cache';

/**
 * Upstream providers' offers, as the stock sync (supply/upstreams/sync.ts) stores them each minute:
 * per country, per service our catalogue sells there as Temporary, a cost in cents and a count. An
 * offer older than `upstreamStockFreshMs` is an upstream the sync could not reach: not offered.
 */
export const upstreamStockFreshMs = 3 * 60_000;
/** Readers share one read of a country's offers for this long (a warm Lambda). */
const readCacheMs = 3_000;

export interface UpstreamOffer {
  serviceId: number;
  /** One activation's cost to us, in cents (its price at the upstream's rate, rounded up). */
  costCents: number;
  count: number;
}

export interface UpstreamStock {
  upstreamId: string;
  offers: UpstreamOffer[];
  syncedAt: string;
}

const cacheKey = (countryId: number) => `upstream-stock:${countryId}`;

/**
 * Records one upstream's offers: one item per country it offers in (rewritten each sync, so it
 * stays fresh); the countries of `before` it no longer offers are removed at once.
 */
export async function recordUpstreamStock(
  upstreamId: string,
  offers: ReadonlyMap<number, UpstreamOffer[]>,
  before: readonly number[],
  now = new Date(),
): Promise<void> {
  const syncedAt = now.toISOString();
  const expiresAt = Math.floor((now.getTime() + 10 * upstreamStockFreshMs) / 1000);
  await Promise.all([
    ...[...offers].map(([countryId, list]) => putItem(upstreamStockItem, { countryId, upstreamId, offers: list, syncedAt, expiresAt })),
    ...before.filter((countryId) => !offers.has(countryId)).map((countryId) => deleteItem(upstreamStockItem, { countryId, upstreamId })),
  ]);
  for (const countryId of new Set([...offers.keys(), ...before])) forgetReference(cacheKey(countryId));
}

/** Takes an upstream's offers off at once (paused or removed). */
export async function dropUpstreamStock(upstreamId: string, countryIds: readonly number[]): Promise<void> {
  await Promise.all(countryIds.map((countryId) => deleteItem(upstreamStockItem, { countryId, upstreamId })));
  for (const countryId of countryIds) forgetReference(cacheKey(countryId));
}

/** Every upstream's fresh offers in a country (one read, shared by a warm Lambda's requests for a few seconds). */
export async function upstreamStockIn(countryId: number, now = Date.now()): Promise<UpstreamStock[]> {
  const stored = await cachedReference(cacheKey(countryId), () => readPartition(upstreamStockItem, { countryId, upstreamId: '' }), readCacheMs);
  return stored
    .filter((stock) => now - Date.parse(stock.syncedAt) < upstreamStockFreshMs)
    .map(({ upstreamId, offers, syncedAt }) => ({ upstreamId, offers, syncedAt }));
}
