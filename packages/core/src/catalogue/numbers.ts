import { maxNumbersPerPage, NumberType, type GetNumbersRequest, type MobileNumber } from '@numbernest/contracts';
import { readItem } from '../shared/db';
import { numberFactsItem } from '../shared/db/items/catalogue-number-facts';
import { toDollars } from '../shared/pricing';
import type { NumberItem, NumberSource } from './items';
import { readNumbersPage } from './picker';
import { getPrivateOffer } from './private-offers';
import { cachedReference, forgetReference } from './reference-cache';
import { getServiceOffer, temporaryPriceOf } from './services';

const toMobileNumber = (n: NumberItem, priceCents?: number): MobileNumber => ({
  id: n.numberId,
  mobile_number: n.e164,
  ...(priceCents === undefined ? {} : { price: toDollars(priceCents) }),
});

/**
 * POST /get-numbers: one page of the numbers on offer (sorted by number; `q` digits the number starts
 * with, `limit` at most 100, `page` the previous answer's `nextPage`). Shared and Temporary need a
 * service the country offers (Temporary also needs an activation price there) and leave out numbers
 * held or resting for that service; Private needs a country with a private offer. Otherwise NotFoundError.
 */
export async function listNumbers(request: GetNumbersRequest): Promise<{ numbers: MobileNumber[]; nextPage: string | null }> {
  const { country_id: countryId, q, page } = request;
  const paging = { countryId, q, page, limit: request.limit ?? maxNumbersPerPage };
  const pageOf = async (typeId: NumberType, serviceId?: number, priceCents?: number) => {
    const { items, nextPage } = await readNumbersPage({ ...paging, typeId, serviceId });
    return { numbers: items.map((n) => toMobileNumber(n, priceCents)), nextPage };
  };
  switch (request.mobile_number_type_id) {
    case NumberType.Private: {
      await getPrivateOffer(countryId);
      return pageOf(NumberType.Private);
    }
    case NumberType.Shared: {
      await getServiceOffer(countryId, request.service_provider_id);
      return pageOf(NumberType.Shared, request.service_provider_id);
    }
    case NumberType.Temporary: {
      const { country, offer } = await getServiceOffer(countryId, request.service_provider_id);
      return pageOf(NumberType.Temporary, request.service_provider_id, temporaryPriceOf(country, offer));
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
    // Parsed: the facts' fields only.
    const facts = await readItem(numberFactsItem, { numberId });
    // An unknown id is not remembered: an operator's import may add it the next moment.
    if (!facts) queueMicrotask(() => forgetReference(key));
    return facts;
  });
}
