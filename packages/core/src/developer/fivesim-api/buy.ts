import { createHash } from 'node:crypto';
import { fiveSimHostingAliases, fiveSimHostingProducts } from '@numbernest/contracts/fivesim';
import type { UserItem } from '../../accounts';
import { listOfferItems, type CountryItem } from '../../catalogue';
import { AccountOnHoldError } from '../../money';
import { sliceShareRefused, type RentalItem } from '../../rentals';
import { InsufficientFundsError, RateLimitedError } from '../../shared/errors';
import { rentalPrice } from '../../shared/pricing';
import { buyAnyTemporaryNumber, earlierOrder, type SearchKey } from '../../supply';
import { repeatActivation, repeatableActivation } from '../handler-api/extra';
import { rentNumber } from '../handler-api/rent-buy';
import { allServicesCode } from '../handler-api/rent-protocol';
import { maxPriceCentsFor } from '../max-prices';
import { FiveSimRefused } from './answers';
import { privateOffer } from './guest';
import { countryNamed, liveCountries, serviceNamed, type ServiceItem } from './names';

/**
 * Buying through the 5sim-compatible API: an activation of a product in a country (`any` country: the
 * cheapest that has one), a hosting number (a Private number for a rent period), or the same number
 * again for a product (reuse). The web's purchases underneath: the same limits, ledger and refunds.
 */

export interface FiveSimBuyer {
  user: UserItem;
  apiKeyId: string;
  /** The client's Idempotency-Key header (our addition): the same key again answers the same order. */
  idempotencyKey?: string;
}

/** Countries tried for `any`, cheapest first. */
const anyCountryTries = 3;

const orderKeyOf = (kind: 'activation' | 'hosting', { apiKeyId, idempotencyKey }: FiveSimBuyer) =>
  idempotencyKey === undefined ? undefined : `fivesim-${kind}:order:${apiKeyId}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;

/** `maxPrice` in dollars (undefined when absent); a value that is not a price is a bad request. */
function maxPriceCents(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(value.trim())) throw new FiveSimRefused('badRequest');
  return Math.floor(Number(value) * 100 + 1e-6);
}

/** Our operator: `any` only (we do not sell numbers by carrier). */
function checkOperator(operator: string) {
  if (operator.toLowerCase() !== 'any') throw new FiveSimRefused('badOperator');
}

async function productOf(name: string): Promise<ServiceItem> {
  const service = await serviceNamed(name);
  if (!service) throw new FiveSimRefused('noProduct');
  return service;
}

/** The countries to buy in: the one named, or for `any` those offering the service, cheapest first. */
async function countriesFor(name: string, serviceId: number): Promise<Array<{ country: CountryItem; priceCents: number }>> {
  const named = name.toLowerCase() === 'any' ? undefined : await countryNamed(name);
  if (!named && name.toLowerCase() !== 'any') throw new FiveSimRefused('badCountry');
  const countries = named ? [named] : await liveCountries();
  const priced = await Promise.all(
    countries.map(async (country) => {
      const offer = (await listOfferItems(country.id)).find((o) => o.serviceId === serviceId);
      return offer?.temporaryPriceCents === undefined ? [] : [{ country, priceCents: offer.temporaryPriceCents }];
    }),
  );
  return priced.flat().sort((a, b) => a.priceCents - b.priceCents);
}

/** What the caller would pay at most: the request's `maxPrice`, else the product's saved limit. */
async function limitCents(user: UserItem, serviceId: number, asked: string | undefined): Promise<number | undefined> {
  return maxPriceCents(asked) ?? (await maxPriceCentsFor(user.sub, serviceId));
}

/** The refusals every purchase shares, from what the purchase threw. */
function purchaseRefusal(error: unknown): FiveSimRefused | undefined {
  if (error instanceof InsufficientFundsError || error instanceof AccountOnHoldError) return new FiveSimRefused('notEnoughBalance');
  if (sliceShareRefused(error)) return new FiveSimRefused('noFreePhones');
  if (error instanceof RateLimitedError) return new FiveSimRefused('notEnoughRating');
  return undefined;
}

/**
 * buy/activation: the cheapest country first for `any`, within `maxPrice` (or the saved limit: 5sim
 * sells nothing above it, `no free phones`); refusals in 5sim's words.
 */
export async function buyActivation(
  buyer: FiveSimBuyer,
  path: { country: string; operator: string; product: string },
  query: { maxPrice?: string },
): Promise<RentalItem> {
  const { user } = buyer;
  checkOperator(path.operator);
  const service = await productOf(path.product);
  const order = orderKeyOf('activation', buyer);
  const earlier = order === undefined ? undefined : await earlierOrder(user, order);
  if (earlier?.activationId !== undefined) return earlier;
  const [places, limit] = await Promise.all([countriesFor(path.country, service.id), limitCents(user, service.id, query.maxPrice)]);
  const affordable = places.filter((place) => limit === undefined || place.priceCents <= limit);
  if (affordable.length === 0) throw new FiveSimRefused('noFreePhones');
  if (user.balanceCents < affordable[0]!.priceCents) throw new FiveSimRefused('notEnoughBalance');
  const key: SearchKey = order === undefined ? { newKeyPrefix: 'fivesim' } : { order };
  for (const { country, priceCents } of affordable.slice(0, anyCountryTries)) {
    try {
      const rental = await buyAnyTemporaryNumber({
        user,
        country,
        service: { id: service.id, ...(service.protocolCode ? { code: service.protocolCode } : {}) },
        priceCents,
        key,
      });
      if (rental) return rental;
    } catch (error) {
      throw purchaseRefusal(error) ?? error;
    }
  }
  throw new FiveSimRefused('noFreePhones');
}

/** The rent period a hosting product buys (`1week`, `2weeks`, `1month`; 5sim's shorter ones the shortest covering them). */
function periodOf(product: string): number {
  const name = product.toLowerCase();
  const period = (fiveSimHostingProducts as Record<string, number>)[name] ?? (fiveSimHostingAliases as Record<string, number>)[name];
  if (period === undefined) throw new FiveSimRefused('noProduct');
  return period;
}

/** The countries to rent in: the one named, or for `any` those with Private numbers, cheapest for the period first. */
async function hostingCountriesFor(name: string, periodId: number): Promise<CountryItem[]> {
  if (name.toLowerCase() !== 'any') {
    const named = await countryNamed(name);
    if (!named) throw new FiveSimRefused('badCountry');
    return [named];
  }
  const priced = await Promise.all(
    (await liveCountries()).map(async (country) => {
      const offer = await privateOffer(country);
      return offer ? [{ country, cents: rentalPrice(offer, periodId).totalCents }] : [];
    }),
  );
  return priced
    .flat()
    .sort((a, b) => a.cents - b.cents)
    .slice(0, anyCountryTries)
    .map((place) => place.country);
}

/** buy/hosting: a Private number (every service's SMS) for the product's period. */
export async function buyHosting(buyer: FiveSimBuyer, path: { country: string; operator: string; product: string }): Promise<RentalItem> {
  const { user } = buyer;
  checkOperator(path.operator);
  const periodId = periodOf(path.product);
  const order = orderKeyOf('hosting', buyer);
  const earlier = order === undefined ? undefined : await earlierOrder(user, order);
  if (earlier?.rentId !== undefined) return earlier;
  for (const country of await hostingCountriesFor(path.country, periodId)) {
    const bought = await rentNumber(user, { code: allServicesCode, country, periodId, ...(order === undefined ? {} : { order }) });
    if ('rental' in bought) return bought.rental;
    if (bought.refused === 'no-balance') throw new FiveSimRefused('notEnoughBalance');
    if (bought.refused === 'limited') throw new FiveSimRefused('notEnoughRating');
  }
  throw new FiveSimRefused('noFreePhones');
}

/**
 * reuse: the caller's number again for the product, after an activation on it that got its code
 * (handler_api's getExtraActivation): `reuse not possible` when the caller never had it for the
 * product, `reuse false` when that activation got no code, `reuse expired` when the number can no
 * longer be had (someone else holds it, or it is no longer offered).
 */
export async function reuseNumber(buyer: FiveSimBuyer, path: { product: string; number: string }): Promise<RentalItem> {
  const { user } = buyer;
  const service = await productOf(path.product);
  if (!/^\d{4,15}$/.test(path.number)) throw new FiveSimRefused('reuseNotPossible');
  const repeatable = await repeatableActivation(user, { phone: path.number, serviceId: service.id });
  if ('refused' in repeatable) {
    throw new FiveSimRefused(repeatable.refused === 'never' ? 'reuseNotPossible' : repeatable.refused === 'unused' ? 'reuseFalse' : 'reuseExpired');
  }
  const limit = await limitCents(user, service.id, undefined);
  if (limit !== undefined && repeatable.priceCents > limit) throw new FiveSimRefused('noFreePhones');
  if (user.balanceCents < repeatable.priceCents) throw new FiveSimRefused('notEnoughBalance');
  const bought = await repeatActivation(user, repeatable.found.rental);
  if ('rental' in bought) return bought.rental;
  throw new FiveSimRefused(
    bought.refused === 'no-balance'
      ? 'notEnoughBalance'
      : bought.refused === 'limited'
        ? 'notEnoughRating'
        : bought.refused === 'no-numbers'
          ? 'noFreePhones'
          : 'reuseExpired',
  );
}
