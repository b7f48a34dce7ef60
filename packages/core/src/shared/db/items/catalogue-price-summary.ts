/** The catalogue's price summary (written only by packages/core/src/catalogue), apart from its other items: one route reads it. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * The cheapest price of each number type over what is on sale (one GetItem), with the revision each
 * operator's catalogue write checks and bumps (absent: the seed wrote it).
 */
export const priceSummaryItem = defineItem({
  name: 'catalogue price summary',
  owner: 'catalogue',
  key: (_: object) => ({ pk: 'CATALOG', sk: 'PRICE_SUMMARY' }),
  schema: z.object({
    sharedFromPerDayCents: z.optional(z.int()),
    privateFromPerDayCents: z.optional(z.int()),
    temporaryFromCents: z.optional(z.int()),
    revision: z.optional(z.int()),
  }),
});
