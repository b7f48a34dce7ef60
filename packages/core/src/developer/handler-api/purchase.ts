import { createHash } from 'node:crypto';
import { serviceCatalog, listOfferItems, countryIdOfIso } from '../../catalogue';
import { InsufficientFundsError, RateLimitedError } from '../../shared/errors';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { sliceShareRefused } from '../../rentals';
import { buyAnyTemporaryNumber, earlierOrder, type SearchKey } from '../../supply';
import type { UserItem } from '../../accounts';
import { maxPriceCentsFor } from '../max-prices';
import { errors, json, success, type Answer } from './answers';
import { countryOf } from './catalogue';
import { bannedUntil, countryParam, phoneOf, protocolTime, type Params } from './protocol';

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

/**
 * `orderId`: the client's own id of a purchase, unique per key and per kind of purchase (`getNumber`
 * or `getRentNumber`); kept as its hash, so any length fits the key.
 */
export const orderKey = (kind: 'activation' | 'rent', apiKeyId: string, orderId: string) =>
  `handler-api${kind === 'rent' ? '-rent' : ''}:order:${apiKeyId}:${createHash('sha256').update(orderId).digest('hex')}`;

/**
 * getNumber: one Temporary activation of the service (`service`, a protocol code) in the country, at
 * most `maxPrice` (or, without one, the price limit the buyer saved for the service), on no number
 * starting with a `phoneException` prefix. With `orderId` the purchase is idempotent per key: the
 * same orderId again answers the same activation and debits once.
 */
export async function getNumber({ user, apiKeyId }: Buyer, params: Params): Promise<{ answer: Answer; rental?: RentalItem }> {
  const exceptions = parsePhoneExceptions(params.phoneException);
  if (!exceptions) return { answer: errors.wrongExceptionPhone };
  const serviceCode = params.service;
  // The saved limit is read alongside the order and catalogue reads, not after them (the catalogue is cached).
  const serviceRead = serviceCatalog().then((services) => (serviceCode ? services.byCode.get(serviceCode) : undefined));
  const savedLimit = serviceRead.then((service) => (service ? savedLimitRead(params, user.sub, service.id) : undefined));
  // Awaited below unless an earlier answer returns first: never unhandled.
  savedLimit.catch(() => undefined);
  const order = params.orderId ? orderKey('activation', apiKeyId, params.orderId) : undefined;
  const earlier = order === undefined ? undefined : await earlierOrder(user, order);
  if (earlier?.activationId !== undefined) return activationBought(earlier);
  const service = await serviceRead;
  if (!serviceCode || !service) return { answer: errors.badService };
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country) return { answer: errors.noNumbers };
  const offer = (await listOfferItems(country.id)).find((o) => o.serviceId === service.id);
  if (!offer || offer.temporaryPriceCents === undefined) return { answer: errors.noNumbers };
  const priceCents = offer.temporaryPriceCents;
  if (overLimit(params, await savedLimit, priceCents)) return { answer: errors.wrongMaxPrice(formatDollars(priceCents)) };
  if (user.balanceCents < priceCents) return { answer: errors.noBalance };
  const key: SearchKey = order === undefined ? { newKeyPrefix: 'handler-api' } : { order };
  try {
    const rental = await buyAnyTemporaryNumber({ user, country, service: { id: offer.serviceId, code: serviceCode }, priceCents, exceptions, key });
    return rental?.activationId === undefined ? { answer: errors.noNumbers } : activationBought(rental);
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { answer: errors.noBalance };
    if (sliceShareRefused(error)) return { answer: errors.noNumbers };
    if (error instanceof RateLimitedError) return { answer: errors.banned(bannedUntil(error)) };
    throw error;
  }
}

const namesMaxPrice = (params: Params) => params.maxPrice !== undefined && params.maxPrice !== '';

/** The buyer's saved limit for the service, read only when the request names no maxPrice of its own (which overrides it). */
export const savedLimitRead = (params: Params, sub: string, serviceId: number): Promise<number | undefined> =>
  namesMaxPrice(params) ? Promise.resolve(undefined) : maxPriceCentsFor(sub, serviceId);

/**
 * Whether a price is above what the buyer allows: the request's `maxPrice` (dollars) when it names
 * one (unreadable: refused), else the limit saved for the service (`savedCents`), else nothing.
 */
export function overLimit(params: Params, savedCents: number | undefined, priceCents: number): boolean {
  if (namesMaxPrice(params)) {
    const max = Number(params.maxPrice);
    return !Number.isFinite(max) || Math.round(max * 100) < priceCents;
  }
  return savedCents !== undefined && savedCents < priceCents;
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
