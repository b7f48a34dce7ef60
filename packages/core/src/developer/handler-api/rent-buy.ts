/**
 * Renting through the rent API: what a rent costs per service and how many numbers are free
 * (getRentServicesAndCountries), and buying one (getRentNumber) with the web's purchase.
 */
import { NumberType, type PurchaseRequest } from '@numbernest/contracts';
import { rentCurrency, rentWord } from '@numbernest/contracts/handler-api';
import {
  availableCount,
  availableCounts,
  getPrivateOffer,
  sampleNumbers,
  type CountryItem,
  listCountryItems,
  serviceCatalog,
  listOfferItems,
  countryIdOfIso,
} from '../../catalogue';
import { InsufficientFundsError, NotFoundError, RateLimitedError } from '../../shared/errors';
import { AccountOnHoldError } from '../../money';
import { rentalPrice, toDollars } from '../../shared/pricing';
import { allocateRentId, sliceShareRefused, type RentalItem } from '../../rentals';
import { isLocalStage } from '../../shared/settings';
import { ensureWebhookSecret } from '../../channels';
import { webhookUrlProblem } from '../../shared/ssrf';
import { json, type Answer } from './answers';
import { countryOf } from './catalogue';
import { bannedUntil, countryParam, type Params } from './protocol';
import { orderKey, type Buyer } from './purchase';
import { buyFirstFree, earlierOrder } from '../../supply';
import { allServicesCode, anyOperator, fail, hoursAsked, knownOperator, phoneAnswer } from './rent-protocol';

/** Numbers tried per getRentNumber (each 409 moves on to the next free number). */
const numbersTried = 25;

/** Our countries that the protocol names, by protocol id. */
async function carriedCountries(): Promise<Array<{ protocolId: number; country: CountryItem }>> {
  return (await listCountryItems()).flatMap((country) => {
    const protocolId = countryIdOfIso(country.iso);
    return protocolId === undefined ? [] : [{ protocolId, country }];
  });
}

const privateOfferOf = (countryId: number) =>
  getPrivateOffer(countryId).then(
    ({ offer }) => offer,
    (error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    },
  );

type RentPrice = { cost: number; retail_cost: number; quant: { current: number; total: number } };

/** getRentServicesAndCountries: what a rent of `rent_time` hours costs per service in the country asked, and how many numbers are free. */
export async function getRentServicesAndCountries(params: Params): Promise<Answer> {
  const asked = hoursAsked(params);
  if ('error' in asked) return asked.error;
  const carried = await carriedCountries();
  const protocolCountry = countryParam(params);
  const country = carried.find((c) => c.protocolId === protocolCountry)?.country;
  const services: Record<string, RentPrice> = {};
  const callsWanted = params.incomingCall === 'true' || params.incomingCall === '1';
  // No calls on our numbers, and one operator: asking for either finds no service.
  if (country && knownOperator(params) && !callsWanted) {
    const [offers, catalog, privateOffer, privates] = await Promise.all([
      listOfferItems(country.id),
      serviceCatalog(),
      privateOfferOf(country.id),
      availableCount(country.id, NumberType.Private),
    ]);
    // Free Shared numbers per service: one bounded read for all of them (capped counts, as getPrices answers).
    const shared = await availableCounts(
      country.id,
      NumberType.Shared,
      offers.map((offer) => offer.serviceId),
    );
    const priced = (tariff: Parameters<typeof rentalPrice>[0], count: number): RentPrice => {
      const { originalCents, totalCents } = rentalPrice(tariff, asked.period.id);
      return { cost: toDollars(totalCents), retail_cost: toDollars(originalCents), quant: { current: count, total: count } };
    };
    if (privateOffer) services[allServicesCode] = priced(privateOffer, privates);
    for (const offer of offers) {
      const code = catalog.byId.get(offer.serviceId)?.protocolCode;
      if (code) services[code] = priced(offer, shared.get(offer.serviceId) ?? 0);
    }
  }
  return json({
    countries: Object.fromEntries(carried.map((c, i) => [String(i), c.protocolId])),
    operators: { '0': anyOperator },
    services,
    currency: rentCurrency,
  });
}

/** What getRentNumber buys: the purchase request for a number, and its price. */
async function rentOffer(
  code: string,
  country: CountryItem,
  periodId: number,
): Promise<{ request: (numberId: number) => PurchaseRequest; priceCents: number; typeId: NumberType; serviceId?: number } | undefined> {
  if (code === allServicesCode) {
    const offer = await privateOfferOf(country.id);
    if (!offer) return undefined;
    return {
      typeId: NumberType.Private,
      priceCents: rentalPrice(offer, periodId).totalCents,
      request: (numberId) => ({ mobile_number_type_id: NumberType.Private, mobile_number_id: numberId, rent_time_id: periodId }),
    };
  }
  const service = (await serviceCatalog()).byCode.get(code)!;
  const offer = (await listOfferItems(country.id)).find((o) => o.serviceId === service.id);
  if (!offer) return undefined;
  return {
    typeId: NumberType.Shared,
    serviceId: offer.serviceId,
    priceCents: rentalPrice(offer, periodId).totalCents,
    request: (numberId) => ({
      mobile_number_type_id: NumberType.Shared,
      mobile_number_id: numberId,
      service_provider_id: offer.serviceId,
      rent_time_id: periodId,
    }),
  };
}

/** The rent's own webhook URL, checked as a customer webhook's (SSRF rules); undefined when none was given. */
async function rentUrl(params: Params): Promise<{ url?: string } | { error: Answer }> {
  const url = params.url?.trim();
  if (!url) return {};
  if (url.length > 2048 || (await webhookUrlProblem(url, { local: isLocalStage() }))) return { error: fail(rentWord.BAD_URL) };
  return { url };
}

/** Why a rent was not bought: nothing free, the balance, or an account limit (until when). */
export type RentRefusal = { refused: 'no-numbers' } | { refused: 'no-balance' } | { refused: 'limited'; until: string };

/**
 * A rent of a Shared number for the service `code` (`full`: a Private one) in the country, for a rent
 * period: the web's purchase of the first of a sample of free numbers, with a new rent id; `order`
 * makes it idempotent (the same order again answers the same rent). Shared by the rent API and the
 * 5sim-compatible API's hosting.
 */
export async function rentNumber(
  user: Buyer['user'],
  { code, country, periodId, url, order }: { code: string; country: CountryItem; periodId: number; url?: string; order?: string },
): Promise<{ rental: RentalItem } | RentRefusal> {
  const offer = await rentOffer(code, country, periodId);
  if (!offer) return { refused: 'no-numbers' };
  if (user.balanceCents < offer.priceCents) return { refused: 'no-balance' };
  const numbers = await sampleNumbers(country.id, offer.typeId, offer.serviceId, numbersTried);
  if (numbers.length === 0) return { refused: 'no-numbers' };
  // Deliveries to the URL are signed with the account's webhook secret (made here if it has none).
  if (url) await ensureWebhookSecret(user.sub);
  // One rent id for every try: a number taken meanwhile records no id.
  const rentId = await allocateRentId();
  try {
    const rental = await buyFirstFree(
      numbers,
      { user, request: offer.request, rent: { id: rentId, ...(url ? { url } : {}) } },
      order === undefined ? { newKeyPrefix: 'handler-api-rent' } : { order },
    );
    return rental?.rentId === undefined ? { refused: 'no-numbers' } : { rental };
  } catch (error) {
    if (error instanceof InsufficientFundsError || error instanceof AccountOnHoldError) return { refused: 'no-balance' };
    if (sliceShareRefused(error)) return { refused: 'no-numbers' };
    if (error instanceof RateLimitedError) return { refused: 'limited', until: bannedUntil(error) };
    throw error;
  }
}

/**
 * getRentNumber: a Shared number for the service (`full`: a Private one) in the country, for the
 * period covering `rent_time` hours. With `orderId` the purchase is idempotent per key: the same
 * orderId again answers the same rent and debits once.
 */
export async function getRentNumber({ user, apiKeyId }: Buyer, params: Params): Promise<Answer> {
  const order = params.orderId ? orderKey('rent', apiKeyId, params.orderId) : undefined;
  const earlier = order === undefined ? undefined : await earlierOrder(user, order);
  if (earlier?.rentId !== undefined) return phoneAnswer(earlier);
  const code = params.service ?? '';
  if (code !== allServicesCode && !(await serviceCatalog()).byCode.has(code)) return fail(rentWord.BAD_SERVICE);
  if (!knownOperator(params)) return fail(rentWord.WRONG_OPERATOR);
  const asked = hoursAsked(params);
  if ('error' in asked) return asked.error;
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country || !(await rentOffer(code, country, asked.period.id))) return fail(rentWord.NO_NUMBERS);
  const target = await rentUrl(params);
  if ('error' in target) return target.error;
  const bought = await rentNumber(user, { code, country, periodId: asked.period.id, ...target, ...(order === undefined ? {} : { order }) });
  if ('rental' in bought) return phoneAnswer(bought.rental);
  if (bought.refused === 'limited') return fail(rentWord.CHANNELS_LIMIT, { until: bought.until });
  return fail(bought.refused === 'no-balance' ? rentWord.NO_BALANCE : rentWord.NO_NUMBERS);
}
