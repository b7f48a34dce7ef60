import type * as z from 'zod/mini';
import { readItem, txPutNew, updateItem, type TransactPart } from '../shared/db';
import { activationIdItem, idCounterItem } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';

/**
 * Temporary activations (bought on the web or through the SMS-Activate-compatible handler_api)
 * carry a plain decimal id, the protocol's `activationId` (keys: docs/access-patterns.md).
 *
 * Each purchase takes the next id with one atomic `ADD` on the counter (no race to retry, however
 * many buy at once), then puts `ACTIVATION#<n>` in its own transaction. A purchase that then fails
 * leaves its id unused: ids are unique and increasing, not gapless (clients only parse them).
 */
/** Ids start above this, so they look like the protocol's (and never 0). */
const firstId = 100_000_000;

export type ActivationItem = z.infer<typeof activationIdItem.schema>;

/** The next activation id, taken for good (one atomic add on a counter that starts at `firstId`). */
export async function allocateActivationId(): Promise<number> {
  const counter = await updateItem(idCounterItem, { counter: 'ACTIVATION_COUNTER' }, { addFrom: { last: { from: firstId, by: 1 } }, ifExists: false });
  return counter!.last;
}

/** The transaction part that records activation `id` for this rental (an id recorded before: the number counts as taken). */
export function recordActivation(id: number, sub: string, rentalId: string): TransactPart {
  return txPutNew(activationIdItem, { activationId: id, sub, rentalId }, () => new ConflictError('This number is no longer available', 'NUMBER_TAKEN'));
}

export async function findActivation(id: number): Promise<ActivationItem | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return readItem(activationIdItem, { activationId: id }, { consistent: true });
}
