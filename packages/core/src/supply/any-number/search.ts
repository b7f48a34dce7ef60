import { randomUUID } from 'node:crypto';
import type { PurchaseRequest } from '@numbernest/contracts';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { shuffled } from '../../shared/shuffle';
import { findPurchaseOfKey, purchaseRental, type PurchaseInput, type RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';

/**
 * How any Temporary number is looked for among our own: random samples of `sampleSize` free
 * numbers, each without the excepted prefixes, until one is bought. A sample the prefixes empty (or
 * thin out) is followed by another, so most numbers being excluded does not answer "none" while
 * others are free; the search is bounded all the same: at most `samplesDrawn` samples,
 * `purchasesTried` purchases (each 409 moves on to the next number).
 */
export const numberSearch = { sampleSize: 25, samplesDrawn: 8, purchasesTried: 25 };

/** The candidates whose number (without its `+`) starts with none of the prefixes. */
export function avoidingPrefixes<T extends { e164: string }>(numbers: T[], prefixes: readonly string[]): T[] {
  if (!prefixes.length) return numbers;
  return numbers.filter((n) => !prefixes.some((prefix) => n.e164.replace(/^\+/, '').startsWith(prefix)));
}

/**
 * Successive random samples of the free numbers (`load`ed once: a bounded random read of the
 * picker's index), none drawn twice; empty once all were drawn.
 */
export function numberSampler<T>(load: () => Promise<T[]>, size = numberSearch.sampleSize): () => Promise<T[]> {
  let pool: T[] | undefined;
  return async () => {
    pool ??= shuffled(await load());
    return pool.splice(0, size);
  };
}

/** The numbers to try, in order: each sample's numbers without the prefixes, within numberSearch's bounds. */
export async function* candidateNumbers<T extends { e164: string }>(
  nextSample: () => Promise<T[]>,
  prefixes: readonly string[],
  bounds = numberSearch,
): AsyncGenerator<T> {
  let tried = 0;
  for (let drawn = 0; drawn < bounds.samplesDrawn; drawn++) {
    const sample = await nextSample();
    if (!sample.length) return; // every free number was looked at
    for (const number of avoidingPrefixes(sample, prefixes)) {
      if (tried++ >= bounds.purchasesTried) return;
      yield number;
    }
  }
}

/** The key a search buys with: the caller's own (an order, an Idempotency-Key), or a fresh one under a prefix. */
export type SearchKey = { order: string } | { newKeyPrefix: string };

/** The idempotency key every try of one search uses. */
export const searchIdempotencyKey = (key: SearchKey) => ('order' in key ? key.order : `${key.newKeyPrefix}:${randomUUID()}`);

/** The purchase an earlier request with this key made, if it made one. */
export const earlierOrder = (user: UserItem, key: string) => findPurchaseOfKey(user.sub, key);

/**
 * Buys the first of `numbers` still free: a number taken meanwhile (409) or gone moves on to the
 * next. Every try uses one idempotency key (the order's when there is one), so at most one number
 * is bought and a taken one debits nothing; with an order, the purchase a request running
 * alongside made with it is the answer. Any other error is the caller's to answer.
 */
export async function buyFirstFree(
  numbers: AsyncIterable<{ numberId: number }> | Iterable<{ numberId: number }>,
  purchase: Omit<PurchaseInput, 'loadUser' | 'request' | 'idempotencyKey'> & { user: UserItem; request: (numberId: number) => PurchaseRequest },
  key: SearchKey,
  idempotencyKey = searchIdempotencyKey(key),
): Promise<RentalItem | undefined> {
  const { user, request, ...rest } = purchase;
  for await (const number of numbers) {
    try {
      return (await purchaseRental({ ...rest, loadUser: async () => user, request: request(number.numberId), idempotencyKey })).rental;
    } catch (error) {
      const earlier = 'order' in key && error instanceof ConflictError ? await earlierOrder(user, idempotencyKey) : undefined;
      if (earlier) return earlier;
      if (error instanceof ConflictError || error instanceof NotFoundError) continue;
      throw error;
    }
  }
  return undefined;
}
