/** Upstream providers' stock as the catalogue counts it (a file of its own: purchases read it). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * What one upstream provider last offered in one country (UPSTREAM_STOCK#<country> / UPSTREAM#<id>):
 * per service our catalogue sells there as Temporary, what one activation costs us (its price at its
 * rate, in cents rounded up) and how many it has. Rewritten by every sync (a minute apart), so one
 * older than `upstreamStockFreshMs` is an upstream the sync could not reach: not offered. TTL: gone a
 * while after that.
 */
export const upstreamStockItem = defineItem({
  name: 'upstream stock in a country',
  owner: 'catalogue',
  key: ({ countryId, upstreamId }: { countryId: number; upstreamId: string }) => ({ pk: `UPSTREAM_STOCK#${countryId}`, sk: `UPSTREAM#${upstreamId}` }),
  schema: z.object({
    countryId: z.int(),
    upstreamId: z.string(),
    offers: z.array(z.object({ serviceId: z.int(), costCents: z.int(), count: z.int() })),
    syncedAt: z.string(),
    /** Epoch seconds. */
    expiresAt: z.number(),
  }),
  expiresAt: (item) => item.expiresAt,
});
