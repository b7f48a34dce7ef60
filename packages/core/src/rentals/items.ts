import type * as z from 'zod/mini';
import type { numberLockItem, rentalEnds, rentalSchema } from '../shared/db/items/rentals';

/** How a rental ended. */
export type RentalEnd = (typeof rentalEnds)[number];

/** A number bought from the balance (the item: shared/db/items/rentals.ts). */
export type RentalItem = z.infer<typeof rentalSchema>;

/** Who holds a number, for one service or all of it for Private (the item: shared/db/items/rentals.ts). */
export type NumberLockItem = z.infer<typeof numberLockItem.schema>;
