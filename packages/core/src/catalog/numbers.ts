import { NumberType, type GetNumbersRequest, type MobileNumber } from '@numbernest/contracts';
import { getItem, queryAll } from '../db';
import { NotFoundError } from '../errors';
import { toDollars } from '../pricing';
import type { NumberItem, NumberSource } from './items';
import { keys } from './keys';
import { getPrivateOffer } from './private-offers';
import { cachedReference, forgetReference } from './reference-cache';
import { getServiceOffer } from './services';

/** Available numbers of one (country, type), sorted by number: the one live read of the picker. */
export async function availableNumbers(countryId: number, typeId: NumberType): Promise<NumberItem[]> {
  const items = await queryAll<NumberItem>({
    KeyConditionExpression: 'pk = :pk',
    // A released Private number rests 90 days (availableAt) before it is offered again; a retired one never is.
    FilterExpression: '#status = :available AND attribute_not_exists(retiredAt) AND (attribute_not_exists(availableAt) OR availableAt <= :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': keys.numbersOf(countryId, typeId), ':available': 'available', ':now': new Date().toISOString() },
  });
  return items.sort((a, b) => a.e164.localeCompare(b.e164));
}

const toMobileNumber = (n: NumberItem, priceCents?: number): MobileNumber => ({
  id: n.numberId,
  mobile_number: n.e164,
  ...(priceCents === undefined ? {} : { price: toDollars(priceCents) }),
});

/**
 * POST /get-numbers. Shared and Temporary need a service the country offers (Temporary also needs
 * an activation price there); Private needs a country with a private offer. Otherwise NotFoundError.
 */
export async function listNumbers(request: GetNumbersRequest): Promise<MobileNumber[]> {
  const { country_id: countryId } = request;
  switch (request.mobile_number_type_id) {
    case NumberType.Private: {
      await getPrivateOffer(countryId);
      return (await availableNumbers(countryId, NumberType.Private)).map((n) => toMobileNumber(n));
    }
    case NumberType.Shared: {
      await getServiceOffer(countryId, request.service_provider_id);
      return (await availableNumbers(countryId, NumberType.Shared)).map((n) => toMobileNumber(n));
    }
    case NumberType.Temporary: {
      const { country, offer } = await getServiceOffer(countryId, request.service_provider_id);
      const price = offer.temporaryPriceCents;
      if (price === undefined) {
        throw new NotFoundError(`Temporary numbers for ${offer.name} are not offered in ${country.name}`, 'TEMPORARY_NOT_OFFERED', {
          service: offer.name,
          country: country.name,
        });
      }
      return (await availableNumbers(countryId, NumberType.Temporary)).map((n) => toMobileNumber(n, price));
    }
  }
}

/** What never changes about a number; live state (status) stays on the number item itself. */
export type NumberFacts = Pick<NumberItem, 'numberId' | 'countryId' | 'typeId' | 'e164' | 'source'>;

export const numberFactsOf = ({ numberId, countryId, typeId, e164, source }: NumberFacts): NumberFacts => ({
  numberId,
  countryId,
  typeId,
  e164,
  ...(source ? { source } : {}),
});

/** The upstream hosting a number: Twilio unless its facts name another. */
export const sourceOf = (facts: Pick<NumberFacts, 'source'>): NumberSource => facts.source ?? { provider: 'twilio' };

/**
 * A number's fixed facts by its public id (one GetItem of its lookup item), cached per warm Lambda
 * like the other reference data: they never change, and its live status is checked inside the
 * purchase transaction instead. Undefined when unknown.
 */
export function getNumberFacts(numberId: number): Promise<NumberFacts | undefined> {
  const key = `number#${numberId}`;
  return cachedReference(key, async () => {
    const item = await getItem<NumberFacts>(keys.numberById(numberId));
    // An unknown id is not remembered: an operator's import may add it the next moment.
    if (!item) queueMicrotask(() => forgetReference(key));
    return item && numberFactsOf(item);
  });
}
