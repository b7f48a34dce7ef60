import { randomUUID } from 'node:crypto';
import { NumberType, type PurchaseRequest } from '@numbernest/contracts';
import { defaultRentHours, maxRentHours, rentCurrency, rentError, rentWord, type RentError, type RentErrorWord } from '@numbernest/contracts/handler-api';
import { availableCount, availableCounts, getPrivateOffer, sampleNumbers, type CountryItem } from '../catalog';
import { listCountryItems } from '../catalog/countries';
import { serviceCatalog } from '../catalog/service-routing';
import { listOfferItems } from '../catalog/services';
import { queryAll, queryAtMost, withoutKeys } from '../db';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError, ValidationError } from '../errors';
import { AccountOnHoldError } from '../ledger/errors';
import type { MessageItem } from '../message/items';
import { messageKeys } from '../message/keys';
import { rentalPrice, rentPeriods, toDollars, type RentPeriod } from '../pricing';
import { closeRental } from '../rental/close';
import { endRental } from '../rental/end';
import { extendRental, extensionPrice } from '../rental/extend';
import type { RentalItem } from '../rental/items';
import { rentalKeys } from '../rental/keys';
import { findRental } from '../rental/purchase';
import { allocateRentId, findRent } from '../rental/rent-ids';
import { closeDecision, extendableAt } from '../rental/rules';
import { isLocalStage } from '../settings';
import type { UserItem } from '../user/items';
import { userPartition } from '../user/keys';
import { ensureWebhookSecret } from '../webhook/config';
import { webhookUrlProblem } from '../webhook/ssrf';
import { json, type Answer } from './answers';
import { countryOf } from './catalogue';
import { buyFirstFree, earlierOrder, orderKey, type Buyer } from './purchase';
import { countryIdOfIso } from './codes';
import { bannedUntil, countryParam, parseId, phoneOf, protocolTime, type Params } from './protocol';
import { sliceShareRefused } from '../rental/standing-allowance';

/**
 * The SMS-Activate rent API over our Shared and Private rentals: the same purchase, close, refund
 * and extension code as the web (rental/), so the same ledger entries, refund window and account
 * limits. A service code rents a Shared number for that service; `full` (all services) a Private one.
 *
 * Hours map onto our rent periods: the shortest period that covers the hours asked, at that
 * period's price (4 hours and 168 hours both buy 1 Week); the answer's `endDate` is the truth.
 */

/** SMS-Activate's code for a number that receives every service: our Private number. */
export const allServicesCode = 'full';
/** The only operator we name: we do not choose numbers by carrier. */
const anyOperator = 'any';
/** Numbers tried per getRentNumber (each 409 moves on to the next free number). */
const numbersTried = 25;

const ok = (body: Record<string, unknown> = {}): Answer => json({ status: 'success', ...body });
const fail = (word: RentErrorWord, info?: RentError['info']): Answer => json(rentError(word, info));

/** 'Y-m-dTH:i:s' (UTC): a rent's end as SMS-Activate writes it. */
const endDate = (iso: string) => iso.slice(0, 19);

/** The shortest rent period that covers `hours` (undefined past the longest). */
export const periodFor = (hours: number): RentPeriod | undefined => rentPeriods.find((p) => p.days * 24 >= hours);

/** The hours asked (`rent_time`, HeroSMS's `duration`, or `hours`), and the period that covers them; or the error answer. */
function hoursAsked(params: Params): { hours: number; period: RentPeriod } | { error: Answer } {
  const raw = params.rent_time ?? params.duration ?? params.hours;
  const hours = raw === undefined || raw === '' ? defaultRentHours : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(hours) || hours < 1) return { error: fail(rentWord.INVALID_TIME) };
  const period = periodFor(hours);
  if (!period || hours > maxRentHours) return { error: fail(rentWord.MAX_HOURS_EXCEED, { max: maxRentHours }) };
  return { hours, period };
}

/** Whether the operator asked is one we have (none given, or `any`). */
const knownOperator = (params: Params) => !params.operator || params.operator === anyOperator;

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

const phoneAnswer = (rental: RentalItem) => ok({ phone: { id: rental.rentId!, endDate: endDate(rental.expiresAt), number: phoneOf(rental.e164) } });

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
  const offer = country && (await rentOffer(code, country, asked.period.id));
  if (!country || !offer) return fail(rentWord.NO_NUMBERS);
  const target = await rentUrl(params);
  if ('error' in target) return target.error;
  if (user.balanceCents < offer.priceCents) return fail(rentWord.NO_BALANCE);
  const numbers = await sampleNumbers(country.id, offer.typeId, offer.serviceId, numbersTried);
  if (numbers.length === 0) return fail(rentWord.NO_NUMBERS);
  // Deliveries to the URL are signed with the account's webhook secret (made here if it has none).
  if (target.url) await ensureWebhookSecret(user.sub);
  // One rent id for every try: a number taken meanwhile records no id.
  const rentId = await allocateRentId();
  try {
    const rental = await buyFirstFree(
      numbers,
      { user, request: offer.request, rent: { id: rentId, ...(target.url ? { url: target.url } : {}) } },
      order === undefined ? { newKeyPrefix: 'handler-api-rent' } : { order },
    );
    return rental?.rentId === undefined ? fail(rentWord.NO_NUMBERS) : phoneAnswer(rental);
  } catch (error) {
    if (error instanceof InsufficientFundsError || error instanceof AccountOnHoldError) return fail(rentWord.NO_BALANCE);
    if (sliceShareRefused(error)) return fail(rentWord.NO_NUMBERS);
    if (error instanceof RateLimitedError) return fail(rentWord.CHANNELS_LIMIT, { until: bannedUntil(error) });
    throw error;
  }
}

/** The caller's rent with this id and its rental (anyone else's, or none: undefined). */
async function rentOf(user: UserItem, params: Params): Promise<RentalItem | undefined> {
  const id = parseId(params.id);
  const rent = id === undefined ? undefined : await findRent(id);
  if (!rent || rent.sub !== user.sub) return undefined;
  return findRental(rent.sub, rent.rentalId);
}

/** Whether the rent is over: ended, or past its end before the rental job has ended it. */
const over = (rental: RentalItem, now = Date.now()) => rental.status !== 'active' || Date.parse(rental.expiresAt) <= now;
/** How an ended rent reads: refunded is a cancel, any other end a finish. */
const cancelled = (rental: RentalItem) => rental.ended === 'refunded';

/** A page number (from 0) or size from the parameters, within bounds. */
function count(value: string | undefined, fallback: number, max: number): number {
  const n = value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : fallback;
  return Math.min(n, max);
}

/** getRentStatus: the rent's SMS, newest first, `size` a page (default 10, at most 100), `page` from 0. */
export async function getRentStatus(user: UserItem, params: Params): Promise<Answer> {
  const rental = await rentOf(user, params);
  if (!rental) return fail(rentWord.NO_ID_RENT);
  if (over(rental)) return fail(cancelled(rental) ? rentWord.STATUS_CANCEL : rentWord.STATUS_FINISH);
  if (rental.messagesCount === 0) return fail(rentWord.STATUS_WAIT_CODE);
  const size = Math.max(1, count(params.size, 10, 100));
  const page = count(params.page, 0, 1000);
  // The user's messages of this rental that count as its SMS (verified), as the web's list reads them.
  const items = await queryAtMost<MessageItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'rentalId = :rental AND box = :inbox AND (attribute_not_exists(verified) OR verified = :true)',
      ExpressionAttributeValues: { ':pk': userPartition(user.sub), ':prefix': messageKeys.prefix, ':rental': rental.id, ':inbox': 'inbox', ':true': true },
      ScanIndexForward: false,
    },
    (page + 1) * size,
    25,
  );
  const service = rental.serviceId === undefined ? allServicesCode : ((await serviceCatalog()).byId.get(rental.serviceId)?.protocolCode ?? '');
  const values = items.slice(page * size, (page + 1) * size).map((item, i) => {
    const m = withoutKeys(item);
    return [String(i), { phoneFrom: m.from, text: m.body, service, date: protocolTime(m.createdAt) }] as const;
  });
  return ok({ quantity: String(rental.messagesCount), values: Object.fromEntries(values) });
}

/** The words of a rent that has ended. */
const alreadyEnded = (rental: RentalItem | undefined) => fail(rental && cancelled(rental) ? rentWord.ALREADY_CANCEL : rentWord.ALREADY_FINISH);

/** Finish (1): the web's close (refunded when its rules say so). Cancel (2): only when that close refunds (unused, inside the window). */
export async function setRentStatus(user: UserItem, params: Params): Promise<Answer> {
  const rental = await rentOf(user, params);
  if (!rental) return fail(rentWord.NO_ID_RENT);
  if (params.status !== '1' && params.status !== '2') return fail(rentWord.INCORECT_STATUS);
  if (rental.status !== 'active') return alreadyEnded(rental);
  try {
    if (params.status === '1') {
      await closeRental(user.sub, rental.id);
      return ok();
    }
    const now = new Date();
    const decision = closeDecision(rental, now, { onlyIfUnused: true });
    if (!decision.allowed) return decision.reason === 'ended' ? alreadyEnded(rental) : fail(rentWord.CANT_CANCEL);
    if (!decision.refunds) return fail(rentWord.CANT_CANCEL);
    // The same moment as the decision: the refund window cannot close between the two.
    const ended = await endRental(rental, { ended: 'closed', onlyIfUnused: true }, now);
    return ended ? ok() : alreadyEnded(await findRental(user.sub, rental.id));
  } catch (error) {
    if (error instanceof RateLimitedError) return fail(rentWord.BANNED, { until: bannedUntil(error) });
    if (error instanceof ConflictError) {
      const now = await findRental(user.sub, rental.id);
      return now?.status === 'active' ? fail(rentWord.CANT_CANCEL) : alreadyEnded(now);
    }
    throw error;
  }
}

/** getRentList: the caller's active rents, newest first; `length` a page (default 10, at most 100), `page` from 0. */
export async function getRentList(user: UserItem, params: Params): Promise<Answer> {
  const rentals = await queryAll<RentalItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :active AND attribute_exists(rentId) AND expiresAt > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': userPartition(user.sub), ':prefix': rentalKeys.prefix, ':active': 'active', ':now': new Date().toISOString() },
    ScanIndexForward: false,
  });
  const length = Math.max(1, count(params.length, 10, 100));
  const page = count(params.page, 0, 100_000);
  const values = rentals.slice(page * length, (page + 1) * length).map((r, i) => [String(i), { id: r.rentId!, phone: phoneOf(r.e164) }] as const);
  return ok({ values: Object.fromEntries(values) });
}

/** continueRentNumber: extends the rent by the period covering `rent_time` hours, through the web's extension (same price, same ledger). */
export async function continueRentNumber(user: UserItem, params: Params): Promise<Answer> {
  const rental = await rentOf(user, params);
  if (!rental) return fail(rentWord.NO_ID_RENT);
  const asked = hoursAsked(params);
  if ('error' in asked) return asked.error;
  if (!extendableAt(rental, new Date())) return fail(rentWord.RENT_DIE);
  try {
    const { rental: extended } = await extendRental(user.sub, rental.id, asked.period.id, `handler-api-rent:${randomUUID()}`);
    return phoneAnswer(extended);
  } catch (error) {
    if (error instanceof InsufficientFundsError || error instanceof AccountOnHoldError) return fail(rentWord.NO_BALANCE);
    // Ended meanwhile, or its offer is no longer sold (an operator took it off).
    if (error instanceof ConflictError || error instanceof NotFoundError || error instanceof ValidationError) return fail(rentWord.RENT_DIE);
    throw error;
  }
}

/** continueRentInfo / getContinueRentPriceNumber: what continueRentNumber would charge now for `hours` (or `rent_time`). */
export async function continueRentInfo(user: UserItem, params: Params): Promise<Answer> {
  const rental = await rentOf(user, params);
  if (!rental) return fail(rentWord.NO_ID_RENT);
  const asked = hoursAsked({ ...params, rent_time: params.hours ?? params.rent_time ?? params.duration });
  if ('error' in asked) return asked.error;
  if (!extendableAt(rental, new Date())) return fail(rentWord.RENT_DIE);
  try {
    const priceCents = await extensionPrice(rental, asked.period.id);
    return ok({ price: toDollars(priceCents), currency: rentCurrency, hours: asked.period.days * 24 });
  } catch (error) {
    if (error instanceof NotFoundError) return fail(rentWord.RENT_DIE);
    throw error;
  }
}
