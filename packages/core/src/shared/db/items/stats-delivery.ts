/** Delivery per source (written only by packages/core/src/stats/delivery.ts), apart: the picker reads it without the overview's counters. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * Where a delivery counter is kept, per UTC day (`YYYY-MM-DD`): a country's services over all sources
 * (`countryId`), one country's service per source (`countryId` and `serviceId`), or every source over
 * all countries (neither).
 */
export interface DeliveryCountersAt {
  day: string;
  countryId?: number;
  serviceId?: number;
}

export const deliveryCountersKey = ({ day, countryId, serviceId }: DeliveryCountersAt) => ({
  pk: countryId === undefined ? 'DELIVERY' : serviceId === undefined ? `DELIVERY#${countryId}` : `DELIVERY#${countryId}#${serviceId}`,
  sk: `DAY#${day}`,
});

/**
 * A UTC day's delivery counters (stats/delivery.ts names them), added to after the purchase, the
 * first code or the report they count. Expire after 40 days (`expiresAt`); in no index.
 */
export const deliveryCountersItem = defineItem({
  name: 'delivery counters',
  owner: 'stats',
  key: deliveryCountersKey,
  // Keys are read with the counters: named here so the counters' catchall need not take strings.
  schema: z.catchall(z.object({ pk: z.optional(z.string()), sk: z.optional(z.string()) }), z.number()),
});
