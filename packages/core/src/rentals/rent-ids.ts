import type * as z from 'zod/mini';
import { readItem, txPutNew, updateItem, type TransactPart } from '../shared/db';
import { idCounterItem, rentIdItem } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';

/**
 * Shared and Private rentals bought through the SMS-Activate rent API carry a plain decimal id,
 * the protocol's rent `id` (keys: docs/access-patterns.md), taken as activation ids are: one
 * atomic `ADD` on its own counter, then `RENT#<n>` put in the purchase's transaction. Unique and
 * increasing, not gapless; always below 2^53.
 */
/** Ids start above this, apart from activation ids (which start at 100,000,001). */
const firstId = 500_000_000;

export type RentIdItem = z.infer<typeof rentIdItem.schema>;

/** The next rent id, taken for good (one atomic add on a counter that starts at `firstId`). */
export async function allocateRentId(): Promise<number> {
  const counter = await updateItem(idCounterItem, { counter: 'RENT_COUNTER' }, { addFrom: { last: { from: firstId, by: 1 } }, ifExists: false });
  return counter!.last;
}

/** The transaction part that records rent `id` for this rental (an id recorded before: the number counts as taken). */
export function recordRent(id: number, sub: string, rentalId: string): TransactPart {
  return txPutNew(rentIdItem, { rentId: id, sub, rentalId }, () => new ConflictError('This number is no longer available', 'NUMBER_TAKEN'));
}

export async function findRent(id: number): Promise<RentIdItem | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return readItem(rentIdItem, { rentId: id }, { consistent: true });
}
