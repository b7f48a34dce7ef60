/** The overview's counters (written only by packages/core/src/stats), apart: most Lambdas count in them. */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { statsCountersKey } from './stats-keys';

export { statsCountersKey, type StatsCountersAt } from './stats-keys';

/**
 * A UTC day's counters (`day`), one of its hours (`day` and `hour`, `HH`), or, with neither, the
 * active-rentals gauge: each counter named by what it counts (stats/record.ts), added to after the
 * change it counts. Day and hour items expire (`expiresAt`); the gauge is kept. In no index.
 */
export const statsCountersItem = defineItem({
  name: 'stats counters',
  owner: 'stats',
  key: statsCountersKey,
  // Keys are read with the counters: named here so the counters' catchall need not take strings.
  schema: z.catchall(z.object({ pk: z.optional(z.string()), sk: z.optional(z.string()) }), z.number()),
});
