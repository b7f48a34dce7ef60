/** An account's standing counters (written only by packages/core/src/rentals), apart: the SMS path counts in it. */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/**
 * An account's standing: counters named by what they count (`held`, `held:<slice>`, `delivered:<day>`,
 * `unused:<day>`, rentals/standing.ts), each added to in the transaction it counts. In no index, no TTL
 * (stale counters are dropped by the purchase that finds them).
 */
export const standingItem = defineItem({
  name: 'standing',
  owner: 'rentals',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'STANDING' }),
  // Keys are read with the counters: named here so the counters' catchall need not take strings.
  schema: z.catchall(z.object({ pk: z.optional(z.string()), sk: z.optional(z.string()), held: z.optional(z.number()) }), z.optional(z.number())),
});
