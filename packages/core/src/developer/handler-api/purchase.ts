import { createHash, randomUUID } from 'node:crypto';
import { NumberType, type PurchaseRequest } from '@numbernest/contracts';
import { sampleNumbers, serviceCatalog, listOfferItems, countryIdOfIso } from '../../catalogue';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError } from '../../shared/errors';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { findPurchaseOfKey, purchaseRental, type PurchaseInput, sliceShareRefused } from '../../rentals';
import { shuffled } from '../../shared/shuffle';
import { buyFromAgents } from '../../supply';
import type { UserItem } from '../../accounts';
import { errors, json, success, type Answer } from './answers';
import { countryOf } from './catalogue';
import { bannedUntil, countryParam, phoneOf, protocolTime, type Params } from './protocol';

/**
 * How getNumber looks for a number: random samples of `sampleSize` free numbers, each without the
 * `phoneException` prefixes, until one is bought. A sample the prefixes empty (or thin out) is
 * followed by another, so most numbers being excluded does not answer NO_NUMBERS while others are
 * free; the search is bounded all the same: at most `samplesDrawn` samples, `purchasesTried`
 * purchases (each 409 moves on to the next number).
 */
export const numberSearch = { sampleSize: 25, samplesDrawn: 8, purchasesTried: 25 };

/** Who is buying through the protocol: the key's owner, and the key (an `orderId` is unique per key). */
export interface Buyer {
  user: UserItem;
  apiKeyId: string;
}

/** `phoneException`: comma-separated prefixes (country code first, as the number is written without its `+`). */
export function parsePhoneExceptions(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return [];
  const prefixes = value.split(',').map((p) => p.trim().replace(/^\+/, ''));
  return prefixes.every((p) => /^\d{1,15}$/.test(p)) ? prefixes : undefined;
}

/** The candidates whose number starts with none of the prefixes. */
export function avoidingPrefixes<T extends { e164: string }>(numbers: T[], prefixes: string[]): T[] {
  if (!prefixes.length) return numbers;
  return numbers.filter((n) => !prefixes.some((prefix) => phoneOf(n.e164).startsWith(prefix)));
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
  prefixes: string[],
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

/**
 * `orderId`: the client's own id of a purchase, unique per key and per kind of purchase (`getNumber`
 * or `getRentNumber`); kept as its hash, so any length fits the key.
 */
export const orderKey = (kind: 'activation' | 'rent', apiKeyId: string, orderId: string) =>
  `handler-api${kind === 'rent' ? '-rent' : ''}:order:${apiKeyId}:${createHash('sha256').update(orderId).digest('hex')}`;

/** The purchase an earlier request with this order's key made, if it made one. */
export const earlierOrder = (user: UserItem, key: string) => findPurchaseOfKey(user.sub, key);

/**
 * Buys the first of `numbers` still free: a number taken meanwhile (409) or gone moves on to the
 * next. Every try uses one idempotency key (the orderId's when there is one), so at most one number
 * is bought and a taken one debits nothing; with an orderId, the purchase a request running
 * alongside made with it is the answer. Any other error is the caller's to answer.
 */
export async function buyFirstFree(
  numbers: AsyncIterable<{ numberId: number }> | Iterable<{ numberId: number }>,
  purchase: Omit<PurchaseInput, 'loadUser' | 'request' | 'idempotencyKey'> & { user: UserItem; request: (numberId: number) => PurchaseRequest },
  key: { order: string } | { newKeyPrefix: string },
): Promise<RentalItem | undefined> {
  const idempotencyKey = 'order' in key ? key.order : `${key.newKeyPrefix}:${randomUUID()}`;
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

/**
 * getNumber: one Temporary activation of the service (`service`, a protocol code) in the country, at
 * most `maxPrice`, on no number starting with a `phoneException` prefix. With `orderId` the purchase
 * is idempotent per key: the same orderId again answers the same activation and debits once.
 */
export async function getNumber({ user, apiKeyId }: Buyer, params: Params): Promise<{ answer: Answer; rental?: RentalItem }> {
  const exceptions = parsePhoneExceptions(params.phoneException);
  if (!exceptions) return { answer: errors.wrongExceptionPhone };
  const order = params.orderId ? orderKey('activation', apiKeyId, params.orderId) : undefined;
  const earlier = order === undefined ? undefined : await earlierOrder(user, order);
  if (earlier?.activationId !== undefined) return activationBought(earlier);
  const serviceCode = params.service;
  const service = serviceCode ? (await serviceCatalog()).byCode.get(serviceCode) : undefined;
  if (!serviceCode || !service) return { answer: errors.badService };
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country) return { answer: errors.noNumbers };
  const offer = (await listOfferItems(country.id)).find((o) => o.serviceId === service.id);
  if (!offer || offer.temporaryPriceCents === undefined) return { answer: errors.noNumbers };
  const priceCents = offer.temporaryPriceCents;
  if (params.maxPrice !== undefined && params.maxPrice !== '') {
    const max = Number(params.maxPrice);
    if (!Number.isFinite(max) || Math.round(max * 100) < priceCents) return { answer: errors.wrongMaxPrice(formatDollars(priceCents)) };
  }
  if (user.balanceCents < priceCents) return { answer: errors.noBalance };
  // Without exceptions one sample is enough; with them, room for the samples that follow (one bounded read either way).
  const sampled = exceptions.length ? numberSearch.sampleSize * numberSearch.samplesDrawn : numberSearch.sampleSize;
  const candidates = candidateNumbers(
    numberSampler(() => sampleNumbers(country.id, NumberType.Temporary, offer.serviceId, sampled)),
    exceptions,
  );
  const key: { order: string } | { newKeyPrefix: string } = order === undefined ? { newKeyPrefix: 'handler-api' } : { order };
  try {
    const rental =
      (await buyFirstFree(
        candidates,
        { user, request: (numberId) => ({ mobile_number_type_id: NumberType.Temporary, mobile_number_id: numberId, service_provider_id: offer.serviceId }) },
        key,
      )) ??
      // None of our own free: a partner's agent may have one.
      (await buyFromAgents({
        user,
        country,
        service: { id: offer.serviceId, code: serviceCode },
        exceptions,
        idempotencyKey: 'order' in key ? key.order : `${key.newKeyPrefix}:${randomUUID()}`,
        priceCents,
      }).catch(async (error: unknown) => {
        // The same order bought meanwhile (a request running alongside): its activation is the answer.
        const earlier = order !== undefined && error instanceof ConflictError ? await earlierOrder(user, order) : undefined;
        if (earlier) return earlier;
        throw error;
      }));
    return rental?.activationId === undefined ? { answer: errors.noNumbers } : activationBought(rental);
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { answer: errors.noBalance };
    if (sliceShareRefused(error)) return { answer: errors.noNumbers };
    if (error instanceof RateLimitedError) return { answer: errors.banned(bannedUntil(error)) };
    throw error;
  }
}

/** getNumber's answer for the activation bought (a Temporary purchase always takes an activation id). */
const activationBought = (rental: RentalItem) => ({ answer: success.number(rental.activationId!, phoneOf(rental.e164)), rental });

export async function getNumberV2(buyer: Buyer, params: Params): Promise<Answer> {
  const { answer, rental } = await getNumber(buyer, params);
  if (!rental) return answer;
  return json({
    activationId: rental.activationId,
    phoneNumber: phoneOf(rental.e164),
    activationCost: toDollars(rental.priceCents),
    countryCode: String(countryIdOfIso(rental.countryCode) ?? ''),
    canGetAnotherSms: true,
    activationTime: protocolTime(rental.startedAt),
    activationOperator: 'any',
  });
}
