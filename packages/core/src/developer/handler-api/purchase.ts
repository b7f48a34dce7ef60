import { createHash } from 'node:crypto';
import { serviceCatalog, listOfferItems, countryIdOfIso } from '../../catalogue';
import { InsufficientFundsError, RateLimitedError } from '../../shared/errors';
import { formatDollars, toDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { sliceShareRefused } from '../../rentals';
import { buyAnyTemporaryNumber, earlierOrder, type SearchKey } from '../../supply';
import type { UserItem } from '../../accounts';
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
