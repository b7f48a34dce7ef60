/**
 * The rental as Start Chat's sends count on it (a file of its own: the send path changes a rental's
 * `sentCount` under conditions on a few of its fields, without carrying the rental item's schema).
 */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { rentalKey } from './rental-keys';

/** The same item as `rental`, its fields a send is conditioned on and counted in. */
export const rentalSendsItem = defineItem({
  name: 'rental sends',
  owner: 'rentals',
  key: rentalKey,
  schema: z.object({ status: z.string(), expiresAt: z.string(), typeId: z.int(), sentCount: z.optional(z.int()) }),
});
