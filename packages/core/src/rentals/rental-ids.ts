import type * as z from 'zod/mini';
import { batchPutAll, itemRecord, scanPages } from '../shared/db';
import { rentalIdItem, rentalItem } from '../shared/db/items/rentals';

/** A rental id's pointer: the account whose partition keeps the rental. */
export type RentalIdItem = z.infer<typeof rentalIdItem.schema>;

/**
 * Writes the id pointer of every rental (the purchase writes it for each new one): once after
 * deploying the console's search by rental id, for the rentals bought before. A Scan, off the
 * request path; running it again rewrites the same pointers.
 */
export async function backfillRentalIds(): Promise<{ rentals: number }> {
  let rentals = 0;
  for await (const page of scanPages(rentalItem, { fields: ['sub', 'id'] })) {
    await batchPutAll(page.items.map((rental) => itemRecord(rentalIdItem, { sub: rental.sub, rentalId: rental.id })));
    rentals += page.items.length;
  }
  return { rentals };
}
