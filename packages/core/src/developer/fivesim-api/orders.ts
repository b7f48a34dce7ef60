import { NumberType } from '@numbernest/contracts';
import type { FiveSimOrder, FiveSimOrderStatus } from '@numbernest/contracts/fivesim';
import type { UserItem } from '../../accounts';
import { serviceCatalog } from '../../catalogue';
import { rentalSms } from '../../messaging';
import {
  closeDecision,
  closeRental,
  EarlyCancelError,
  endRental,
  findActivationWithRental,
  findRent,
  findRental,
  finishActivation,
  reportRental,
} from '../../rentals';
import type { RentalItem } from '../../rentals';
import { ConflictError, RateLimitedError } from '../../shared/errors';
import { toDollars } from '../../shared/pricing';
import { answer, FiveSimRefused, type FiveSimAnswer } from './answers';
import { countryName, productName } from './names';

/**
 * An order is one of our rentals by its number: a Temporary activation by its activation id (from
 * 100,000,001), a rent (hosting: Private, or Shared bought through a rent API) by its rent id (from
 * 500,000,000). The same rental the web and handler_api show, in 5sim's words.
 */

/** 5sim's id in a path: decimal digits of a safe integer. */
export const parseOrderId = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** The caller's order with this id (anyone else's, or none: undefined). */
export async function findOrder(user: UserItem, idParam: string | undefined): Promise<RentalItem | undefined> {
  const id = parseOrderId(idParam);
  if (id === undefined) return undefined;
  const activation = await findActivationWithRental(id);
  if (activation) return activation.activation.sub === user.sub ? activation.rental : undefined;
  const rent = await findRent(id);
  return rent?.sub === user.sub ? findRental(rent.sub, rent.rentalId) : undefined;
}

/** The caller's order, or the refusal 5sim gives for an unknown one. */
async function orderOf(user: UserItem, idParam: string | undefined): Promise<RentalItem> {
  const rental = await findOrder(user, idParam);
  if (!rental) throw new FiveSimRefused('orderNotFound');
  return rental;
}

export const isHosting = (rental: RentalItem) => rental.typeId !== NumberType.Temporary;
const orderIdOf = (rental: RentalItem) => (rental.activationId ?? rental.rentId)!;

/** A hosting order's product: the period it was bought for (`1week`, `2weeks`, `1month`), by its length. */
function hostingProduct(rental: RentalItem): string {
  const days = (Date.parse(rental.expiresAt) - Date.parse(rental.startedAt)) / 86_400_000;
  return days <= 7.5 ? '1week' : days <= 14.5 ? '2weeks' : '1month';
}

export function orderStatus(rental: RentalItem, now = Date.now()): FiveSimOrderStatus {
  const used = rental.messagesCount > 0;
  if (rental.reported) return 'BANNED';
  const timedOut = Date.parse(rental.expiresAt) <= now;
  if (rental.status === 'active') return timedOut ? (used ? 'FINISHED' : 'TIMEOUT') : used ? 'RECEIVED' : 'PENDING';
  if (rental.ended === 'refunded') return rental.endedAt !== undefined && rental.endedAt >= rental.expiresAt ? 'TIMEOUT' : 'CANCELED';
  if (rental.ended === 'expired') return used ? 'FINISHED' : 'TIMEOUT';
  return used ? 'FINISHED' : 'CANCELED';
}

type Sms = NonNullable<FiveSimOrder['sms']>[number];
export type StoredSms = Awaited<ReturnType<typeof rentalSms>>[number];

/** Every SMS of the rental, oldest first (none read while it has none). */
export async function storedSmsOf(rental: RentalItem): Promise<StoredSms[]> {
  if (rental.messagesCount === 0) return [];
  // Its messages were stored while it lived: from its start to its end (a minute's slack for clocks).
  const until = Math.min(Date.parse(rental.endedAt ?? rental.expiresAt), Date.now()) + 60_000;
  const messages = await rentalSms(rental.sub, rental.id, { storedBetween: [Date.parse(rental.startedAt) - 60_000, until], limit: 200, pageSize: 100 });
  return messages.reverse();
}

export const smsOf = (message: StoredSms): Sms => ({
  created_at: message.createdAt,
  date: message.receivedAt ?? message.createdAt,
  sender: message.from,
  text: message.body,
  code: message.code ?? '',
});

/** The order as 5sim writes it; `sms` null on a fresh purchase (as 5sim's buy answers). */
export async function toOrder(rental: RentalItem, sms: Sms[] | null): Promise<FiveSimOrder> {
  const service = rental.serviceId === undefined ? undefined : (await serviceCatalog()).byId.get(rental.serviceId);
  const product = rental.typeId === NumberType.Private ? hostingProduct(rental) : service ? productName(service) : (rental.serviceSlug ?? '');
  return {
    id: orderIdOf(rental),
    phone: rental.e164.startsWith('+') ? rental.e164 : `+${rental.e164}`,
    operator: 'any',
    product,
    // What it was bought for (extensions included), as 5sim shows a cancelled order's price too.
    price: toDollars(rental.priceCents),
    status: orderStatus(rental),
    expires: rental.expiresAt,
    sms,
    created_at: rental.startedAt,
    forwarding: false,
    forwarding_number: '',
    country: countryName({ iso: rental.countryCode, name: rental.countryName }),
  };
}

/** The rental's order with its SMS. */
export async function orderAnswer(rental: RentalItem): Promise<FiveSimAnswer> {
  return answer(await toOrder(rental, (await storedSmsOf(rental)).map(smsOf)));
}

/** check: the order and every SMS it got. */
export async function checkOrder(user: UserItem, id: string | undefined): Promise<FiveSimAnswer> {
  return orderAnswer(await orderOf(user, id));
}

/** The rental as it is now (after an end that answered nothing, or to show what another request did). */
const reread = async (rental: RentalItem) => (await findRental(rental.sub, rental.id)) ?? rental;

/** A refusal for an order that has ended, or the one asked when it has not. */
const endedOr = async (rental: RentalItem, otherwise: 'orderHasSms' | 'orderNoSms' | 'hostingOrder') =>
  (await reread(rental)).status === 'active' ? new FiveSimRefused(otherwise) : new FiveSimRefused('orderExpired');

/**
 * finish: an activation that got its code ends completed (before any SMS: `order no sms`, as the web's
 * Finish); a hosting order ends now by the web's close (refunded when its rules say so).
 */
export async function finishOrder(user: UserItem, id: string | undefined): Promise<RentalItem> {
  const rental = await orderOf(user, id);
  if (rental.status !== 'active') throw new FiveSimRefused('orderExpired');
  if (isHosting(rental)) {
    try {
      return (await closeRental(user.sub, rental.id)).rental;
    } catch (error) {
      if (error instanceof ConflictError) throw await endedOr(rental, 'hostingOrder');
      throw error;
    }
  }
  if (rental.messagesCount === 0) throw new FiveSimRefused('orderNoSms');
  const finished = await finishActivation(rental);
  if (!finished) throw await endedOr(rental, 'orderHasSms');
  return finished;
}

/**
 * cancel: refunded in full while no SMS came (`order has sms` after one; `you need to wait time` in an
 * activation's first two minutes); a hosting order only inside its refund window, unused.
 */
export async function cancelOrder(user: UserItem, id: string | undefined): Promise<RentalItem> {
  const rental = await orderOf(user, id);
  const now = new Date();
  const decision = closeDecision(rental, now, { onlyIfUnused: true });
  if (!decision.allowed) {
    throw new FiveSimRefused(decision.reason === 'early' ? 'waitTime' : decision.reason === 'used' ? 'orderHasSms' : 'orderExpired');
  }
  if (!decision.refunds) throw new FiveSimRefused('hostingOrder');
  try {
    // onlyIfUnused: an SMS arriving between the read and the write refuses the cancel (nothing ends).
    const ended = await endRental(rental, { ended: 'closed', onlyIfUnused: true }, now);
    if (!ended) throw await endedOr(rental, 'orderHasSms');
    return ended.rental;
  } catch (error) {
    if (error instanceof EarlyCancelError) throw new FiveSimRefused('waitTime');
    if (error instanceof RateLimitedError) throw new FiveSimRefused('notEnoughRating');
    if (error instanceof ConflictError) throw await endedOr(rental, 'orderHasSms');
    throw error;
  }
}

/**
 * ban: the number was already used for the product (5sim's BANNED): the web's Report number for
 * "already used", refunded in full and never sold again for the product. Activations only.
 */
export async function banOrder(user: UserItem, id: string | undefined): Promise<RentalItem> {
  const rental = await orderOf(user, id);
  if (isHosting(rental)) throw new FiveSimRefused('hostingOrder');
  if (rental.reported) return rental;
  if (rental.status !== 'active') throw new FiveSimRefused('orderExpired');
  try {
    return (await reportRental(user.sub, rental.id, 'already_used')).rental;
  } catch (error) {
    if (error instanceof RateLimitedError) throw new FiveSimRefused('notEnoughRating');
    if (error instanceof ConflictError) throw new FiveSimRefused('orderExpired');
    throw error;
  }
}

/**
 * The SMS inbox: every SMS of the order with a numeric `ID` (from its stored id: the time it was
 * stored, in milliseconds, times 100, plus two hex digits of its random part).
 */
export async function inboxOf(user: UserItem, id: string | undefined): Promise<FiveSimAnswer> {
  const rental = await orderOf(user, id);
  const stored = await storedSmsOf(rental);
  return answer({
    Data: stored.map((message) => ({
      ID: parseInt(message.id.slice(0, 9), 36) * 100 + (parseInt(message.id.slice(9, 11), 16) % 100),
      ...smsOf(message),
      is_wave: false,
      wave_uuid: '',
    })),
    Total: stored.length,
  });
}
