/**
 * The SMS-Activate rent API over our Shared and Private rentals: the same purchase, close, refund
 * and extension code as the web (rental/), so the same ledger entries, refund window and account
 * limits. A service code rents a Shared number for that service; `full` (all services) a Private one.
 *
 * Hours map onto our rent periods: the shortest period that covers the hours asked, at that
 * period's price (4 hours and 168 hours both buy 1 Week); the answer's `endDate` is the truth.
 *
 * Here: the caller's rents once bought (status, finish or cancel, list, extension), and the entry
 * of the rest (buying in `rent-buy.ts`, the words every action shares in `rent-protocol.ts`).
 */
import { randomUUID } from 'node:crypto';
import { rentCurrency, rentWord } from '@numbernest/contracts/handler-api';
import { serviceCatalog } from '../../catalogue';
import { readPartition } from '../../shared/db/item';
import { rentalItem, rentalPrefix } from '../../shared/db/items/rentals';
import { ConflictError, InsufficientFundsError, NotFoundError, RateLimitedError, ValidationError } from '../../shared/errors';
import { AccountOnHoldError } from '../../money';
import { rentalSms } from '../../messaging';
import { toDollars } from '../../shared/pricing';
import { closeRental, endRental, extendRental, extensionPrice, findRental, findRent, closeDecision, extendableAt } from '../../rentals';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import type { Answer } from './answers';
import { bannedUntil, parseId, phoneOf, protocolTime, type Params } from './protocol';
import { allServicesCode, fail, hoursAsked, ok, phoneAnswer } from './rent-protocol';

export { allServicesCode, periodFor } from './rent-protocol';
export { getRentServicesAndCountries, getRentNumber } from './rent-buy';

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
  const messages = await rentalSms(user.sub, rental.id, { limit: (page + 1) * size, pageSize: 25 });
  const service = rental.serviceId === undefined ? allServicesCode : ((await serviceCatalog()).byId.get(rental.serviceId)?.protocolCode ?? '');
  const values = messages
    .slice(page * size, (page + 1) * size)
    .map((m, i) => [String(i), { phoneFrom: m.from, text: m.body, service, date: protocolTime(m.createdAt) }] as const);
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
  const rentals = await readPartition(
    rentalItem,
    { sub: user.sub, id: '' },
    {
      skPrefix: rentalPrefix,
      descending: true,
      filter: { status: { equals: 'active' }, rentId: { exists: true }, expiresAt: { after: new Date().toISOString() } },
    },
  );
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
