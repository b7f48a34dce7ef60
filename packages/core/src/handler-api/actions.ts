import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NumberType } from '@numbernest/contracts';
import { availableNumbers, type CountryItem, type ServiceOfferItem } from '../catalog';
import { listCountryItems } from '../catalog/countries';
import { keys as catalogKeys } from '../catalog/keys';
import { cachedReference } from '../catalog/reference-cache';
import { serviceCatalog } from '../catalog/service-routing';
import { db, queryAll, queryPartition, tableName, withoutKeys } from '../db';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError } from '../errors';
import { formatDollars, toDollars } from '../pricing';
import { shuffled } from '../shuffle';
import { activationKeys, findActivation, type ActivationItem } from '../rental/activation-ids';
import { endRental } from '../rental/end';
import { EarlyCancelError, usedRental } from '../rental/rules';
import type { RentalItem } from '../rental/items';
import { rentalKeys } from '../rental/keys';
import { findRental, purchaseRental } from '../rental/purchase';
import type { UserItem } from '../user/items';
import { errors, json, text, type Answer } from './answers';
import { countryCodes, countryIdOfIso, isoOfCountryId, russianCountryName } from './codes';

/** The request's parameters (query string and form body merged); every value a string. */
export type Params = Record<string, string | undefined>;

/** Numbers tried per getNumber (each 409 moves on to the next free number). */
const numbersTried = 25;
/** When no country is given, the protocol's default is Russia (0). */
const defaultCountry = 0;

const phoneOf = (e164: string) => e164.replace(/^\+/, '');
const protocolTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');
const parseId = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** Our countries that the protocol names, with their protocol id. */
async function carriedCountries(): Promise<Array<{ protocolId: number; country: CountryItem }>> {
  const items = await listCountryItems();
  return items.flatMap((country) => {
    const protocolId = countryIdOfIso(country.iso);
    return protocolId === undefined ? [] : [{ protocolId, country }];
  });
}

async function countryOf(protocolId: number): Promise<CountryItem | undefined> {
  const iso = isoOfCountryId(protocolId);
  if (!iso) return undefined;
  return (await listCountryItems()).find((c) => c.iso === iso);
}

const offersOf = (countryId: number) =>
  cachedReference(catalogKeys.offersOf(countryId), () => queryPartition<ServiceOfferItem>(catalogKeys.offersOf(countryId), catalogKeys.offerPrefix));

/** Temporary offers of a country that the protocol names: [code, offer]. */
async function temporaryOffers(countryId: number): Promise<Array<[string, ServiceOfferItem & { temporaryPriceCents: number }]>> {
  const [offers, services] = await Promise.all([offersOf(countryId), serviceCatalog()]);
  return offers.flatMap((o) => {
    const code = services.byId.get(o.serviceId)?.protocolCode;
    return code && o.temporaryPriceCents !== undefined ? [[code, o as ServiceOfferItem & { temporaryPriceCents: number }]] : [];
  });
}

function countryParam(params: Params): number | undefined {
  if (params.country === undefined || params.country === '') return defaultCountry;
  return parseId(params.country);
}

async function getNumber(user: UserItem, params: Params): Promise<{ answer: Answer; rental?: RentalItem }> {
  const service = params.service ? (await serviceCatalog()).byCode.get(params.service) : undefined;
  if (!service) return { answer: errors.badService };
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country) return { answer: errors.noNumbers };
  const offer = (await offersOf(country.id)).find((o) => o.serviceId === service.id);
  if (!offer || offer.temporaryPriceCents === undefined) return { answer: errors.noNumbers };
  const priceCents = offer.temporaryPriceCents;
  if (params.maxPrice !== undefined && params.maxPrice !== '') {
    const max = Number(params.maxPrice);
    if (!Number.isFinite(max) || Math.round(max * 100) < priceCents) return { answer: errors.wrongMaxPrice(formatDollars(priceCents)) };
  }
  if (user.balanceCents < priceCents) return { answer: errors.noBalance };
  const numbers = shuffled(await availableNumbers(country.id, NumberType.Temporary)).slice(0, numbersTried);
  // One key for every try: a number taken meanwhile (409) debits nothing, so at most one activation is bought.
  const idempotencyKey = `handler-api:${randomUUID()}`;
  for (const number of numbers) {
    try {
      const { rental } = await purchaseRental({
        loadUser: async () => user,
        request: { mobile_number_type_id: NumberType.Temporary, mobile_number_id: number.numberId, service_provider_id: offer.serviceId },
        idempotencyKey,
      });
      return { answer: text(`ACCESS_NUMBER:${rental.activationId}:${phoneOf(rental.e164)}`), rental };
    } catch (error) {
      if (error instanceof InsufficientFundsError) return { answer: errors.noBalance };
      if (error instanceof RateLimitedError) return { answer: errors.banned(bannedUntil(error)) };
      if (error instanceof ConflictError || error instanceof NotFoundError) continue;
      throw error;
    }
  }
  return { answer: errors.noNumbers };
}

async function getNumberV2(user: UserItem, params: Params): Promise<Answer> {
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

export type FoundActivation = { activation: ActivationItem; rental: RentalItem };

/** The activation with this id and its rental, whoever owns them (undefined: no such activation). */
export async function readActivation(idParam: string | undefined): Promise<FoundActivation | undefined> {
  const id = parseId(idParam);
  const activation = id === undefined ? undefined : await findActivation(id);
  const rental = activation && (await findRental(activation.sub, activation.rentalId));
  return rental && { activation: activation!, rental };
}

/** The caller's activation with this id (anyone else's or none: undefined), read ahead or now. */
async function activationOf(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<FoundActivation | undefined> {
  const found = await (readAhead ?? readActivation(params.id));
  return found?.activation.sub === user.sub ? found : undefined;
}

/** Whether the last code is still the one the caller rejected (setStatus 3). */
const waitingForAnother = (activation: ActivationItem, rental: RentalItem) =>
  activation.retryAfter !== undefined && rental.messagesCount <= activation.retryAfter;

function statusText(activation: ActivationItem, rental: RentalItem): string {
  const code = rental.lastMessage?.code ?? rental.lastMessage?.body ?? '';
  if (rental.status === 'inactive') return rental.messagesCount > 0 && rental.ended !== 'refunded' ? `STATUS_OK:${code}` : 'STATUS_CANCEL';
  if (rental.messagesCount === 0) return 'STATUS_WAIT_CODE';
  if (waitingForAnother(activation, rental)) return `STATUS_WAIT_RETRY:${code}`;
  return `STATUS_OK:${code}`;
}

async function getStatus(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const found = await activationOf(user, params, readAhead);
  return found ? text(statusText(found.activation, found.rental)) : errors.noActivation;
}

async function getStatusV2(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const found = await activationOf(user, params, readAhead);
  if (!found) return errors.noActivation;
  const { activation, rental } = found;
  const message = rental.lastMessage;
  const fresh = message && !waitingForAnother(activation, rental);
  if (rental.status === 'inactive' && !(rental.messagesCount > 0 && rental.ended !== 'refunded')) return text('STATUS_CANCEL');
  return json({
    verificationType: 0,
    sms: fresh ? { dateTime: protocolTime(message.receivedAt), code: message.code ?? '', text: message.body } : null,
    call: null,
  });
}

async function setStatus(user: UserItem, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  const status = params.status;
  if (!status || !['1', '3', '6', '8'].includes(status)) return errors.badStatus;
  const found = await activationOf(user, params, readAhead);
  if (!found) return errors.noActivation;
  const { activation, rental } = found;
  if (rental.status !== 'active') return errors.badStatus;
  switch (status) {
    case '1':
      return text('ACCESS_READY');
    case '3': {
      // Another code: the current ones count as seen; getStatus waits for a newer one.
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: activationKeys.item(activation.activationId),
          UpdateExpression: 'SET retryAfter = :count',
          ExpressionAttributeValues: { ':count': rental.messagesCount },
        }),
      );
      return text('ACCESS_RETRY_GET');
    }
    case '6': {
      const ended = await endRental(rental, { ended: 'completed' });
      return ended ? text('ACCESS_ACTIVATION') : errors.badStatus;
    }
    default: {
      // Cancel: a full refund while no SMS came; refused once one has, and in the first two minutes.
      if (usedRental(rental)) return errors.badStatus;
      try {
        // onlyIfUnused: an SMS arriving between the read and the write refuses the cancel (nothing ends).
        const ended = await endRental(rental, { ended: 'closed', onlyIfUnused: true });
        return ended ? text('ACCESS_CANCEL') : errors.badStatus;
      } catch (error) {
        if (error instanceof EarlyCancelError) return errors.earlyCancelDenied;
        if (error instanceof RateLimitedError) return errors.banned(bannedUntil(error));
        if (error instanceof ConflictError) return errors.badStatus;
        throw error;
      }
    }
  }
}

/** When an account limit's window ends, in the protocol's BANNED:'Y-m-d H-i-s' form (UTC). */
const bannedUntil = (error: RateLimitedError, now = Date.now()) =>
  new Date(now + error.retryAfterSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '-');

async function activeTemporaryRentals(sub: string): Promise<RentalItem[]> {
  const items = await queryAll<RentalItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :active AND typeId = :temporary',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':prefix': rentalKeys.prefix, ':active': 'active', ':temporary': NumberType.Temporary },
  });
  return items.map((i) => withoutKeys(i)).filter((r) => r.activationId !== undefined);
}

async function getActiveActivations(user: UserItem): Promise<Answer> {
  const [rentals, services] = await Promise.all([activeTemporaryRentals(user.sub), serviceCatalog()]);
  if (rentals.length === 0) return json({ status: 'error', error: 'NO_ACTIVATIONS' });
  return json({
    status: 'success',
    activeActivations: rentals.map((r) => ({
      activationId: String(r.activationId),
      serviceCode: (r.serviceId !== undefined && services.byId.get(r.serviceId)?.protocolCode) || '',
      phoneNumber: phoneOf(r.e164),
      activationCost: formatDollars(r.priceCents),
      activationStatus: r.messagesCount > 0 ? '2' : '4',
      smsCode: r.lastMessage?.code ? [r.lastMessage.code] : null,
      smsText: r.lastMessage ? `[${r.lastMessage.body}]` : null,
      activationTime: protocolTime(r.startedAt),
      discount: '0.00',
      repeated: '0',
      countryCode: String(countryIdOfIso(r.countryCode) ?? ''),
      countryName: r.countryName,
      canGetAnotherSms: '1',
    })),
  });
}

/** {"<country>": {"<service>": {"cost": 0.3, "count": 12}}}, optionally one service and/or one country. */
async function getPrices(params: Params): Promise<Answer> {
  if (params.service && !(await serviceCatalog()).byCode.has(params.service)) return errors.badService;
  let countries = await carriedCountries();
  if (params.country !== undefined && params.country !== '') {
    const id = parseId(params.country);
    countries = countries.filter((c) => c.protocolId === id);
  }
  const out: Record<string, Record<string, { cost: number; count: number }>> = {};
  for (const { protocolId, country } of countries) {
    const [offers, numbers] = await Promise.all([temporaryOffers(country.id), availableNumbers(country.id, NumberType.Temporary)]);
    const services: Record<string, { cost: number; count: number }> = {};
    for (const [code, offer] of offers) {
      if (params.service && params.service !== code) continue;
      services[code] = { cost: toDollars(offer.temporaryPriceCents), count: numbers.length };
    }
    if (Object.keys(services).length) out[String(protocolId)] = services;
  }
  return json(out);
}

/** {"<service>_0": "<count>"} for a country (the protocol's `_0`: without call forwarding). */
async function getNumbersStatus(params: Params): Promise<Answer> {
  const protocolCountry = countryParam(params);
  const country = protocolCountry === undefined ? undefined : await countryOf(protocolCountry);
  if (!country) return json({});
  const [offers, numbers] = await Promise.all([temporaryOffers(country.id), availableNumbers(country.id, NumberType.Temporary)]);
  return json(Object.fromEntries(offers.map(([code]) => [`${code}_0`, String(numbers.length)])));
}

async function getCountries(): Promise<Answer> {
  const carried = new Map((await carriedCountries()).map((c) => [c.protocolId, c.country]));
  const out: Record<string, unknown> = {};
  for (const [id] of countryCodes) {
    const country = carried.get(id);
    if (!country) continue;
    out[String(id)] = { id, rus: russianCountryName(id) ?? country.name, eng: country.name, chn: country.name, visible: 1, retry: 1, rent: 0, multiService: 0 };
  }
  return json(out);
}

async function getServicesList(): Promise<Answer> {
  const { byCode } = await serviceCatalog();
  return json({ status: 'success', services: [...byCode].map(([code, s]) => ({ code, name: s.name })) });
}

/** Runs one action for an authenticated key's user. */
export async function runAction(user: UserItem, action: string, params: Params, readAhead?: Promise<FoundActivation | undefined>): Promise<Answer> {
  switch (action) {
    case 'getBalance':
      return text(`ACCESS_BALANCE:${formatDollars(user.balanceCents)}`);
    case 'getNumber':
      return (await getNumber(user, params)).answer;
    case 'getNumberV2':
      return getNumberV2(user, params);
    case 'getStatus':
      return getStatus(user, params, readAhead);
    case 'getStatusV2':
      return getStatusV2(user, params, readAhead);
    case 'setStatus':
      return setStatus(user, params, readAhead);
    case 'getActiveActivations':
      return getActiveActivations(user);
    case 'getPrices':
      return getPrices(params);
    case 'getCountries':
      return getCountries();
    case 'getServicesList':
      return getServicesList();
    case 'getNumbersStatus':
      return getNumbersStatus(params);
    default:
      return errors.badAction;
  }
}
