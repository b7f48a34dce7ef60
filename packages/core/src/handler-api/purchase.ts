import { randomUUID } from 'node:crypto';
import { NumberType } from '@numbernest/contracts';
import { sampleNumbers } from '../catalog';
import { serviceCatalog } from '../catalog/service-routing';
import { listOfferItems } from '../catalog/services';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError } from '../errors';
import { formatDollars, toDollars } from '../pricing';
import type { RentalItem } from '../rental/items';
import { purchaseRental } from '../rental/purchase';
import type { UserItem } from '../user/items';
import { errors, json, success, type Answer } from './answers';
import { countryOf } from './catalogue';
import { countryIdOfIso } from './codes';
import { bannedUntil, countryParam, phoneOf, protocolTime, type Params } from './protocol';

/** Numbers tried per getNumber (each 409 moves on to the next free number). */
const numbersTried = 25;

/** getNumber: one Temporary activation of the service (`service`, a protocol code) in the country, at most `maxPrice`. */
export async function getNumber(user: UserItem, params: Params): Promise<{ answer: Answer; rental?: RentalItem }> {
  const service = params.service ? (await serviceCatalog()).byCode.get(params.service) : undefined;
  if (!service) return { answer: errors.badService };
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
  const numbers = await sampleNumbers(country.id, NumberType.Temporary, offer.serviceId, numbersTried);
  // One key for every try: a number taken meanwhile (409) debits nothing, so at most one activation is bought.
  const idempotencyKey = `handler-api:${randomUUID()}`;
  for (const number of numbers) {
    try {
      const { rental } = await purchaseRental({
        loadUser: async () => user,
        request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: offer.serviceId },
        idempotencyKey,
      });
      // A Temporary purchase always takes an activation id.
      return { answer: success.number(rental.activationId!, phoneOf(rental.e164)), rental };
    } catch (error) {
      if (error instanceof InsufficientFundsError) return { answer: errors.noBalance };
      if (error instanceof RateLimitedError) return { answer: errors.banned(bannedUntil(error)) };
      if (error instanceof ConflictError || error instanceof NotFoundError) continue;
      throw error;
    }
  }
  return { answer: errors.noNumbers };
}

export async function getNumberV2(user: UserItem, params: Params): Promise<Answer> {
  const { answer, rental } = await getNumber(user, params);
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
