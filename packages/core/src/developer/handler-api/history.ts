import { NumberType } from '@numbernest/contracts';
import { rentalSms } from '../../messaging';
import { readPartition } from '../../shared/db/item';
import { rentalItem, rentalPrefix } from '../../shared/db/items/rentals';
import { timeSortableIdAt } from '../../shared/ids';
import { toDollars } from '../../shared/pricing';
import { findActivationWithRental } from '../../rentals';
import type { RentalItem } from '../../rentals';
import type { UserItem } from '../../accounts';
import { errors, json, type Answer } from './answers';
import { parseId, phoneOf, protocolTime, type Params } from './protocol';

/**
 * The caller's past activations (getHistory) and every SMS of one (getAllSms). Both are one Query of
 * the caller's own partition on a key range: rental and message ids begin with their creation time
 * (ids.ts), so a time range is a range of sort keys and nothing outside it is read.
 */

const dayMs = 86_400_000;
/** getHistory reaches 30 days at most, as SMS-Activate's does. */
const historyDays = 30;
const historySize = { default: 50, max: 100 };
const smsSize = { default: 10, max: 100 };

/** A non-negative integer parameter, its default when absent; undefined when it is not one. */
function count(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** The status getHistory gives an activation: '4' waiting, '2' a code came, '6' finished with a code, '8' without one. */
function historyStatus(rental: RentalItem): '2' | '4' | '6' | '8' {
  const used = rental.messagesCount > 0 && rental.ended !== 'refunded';
  if (rental.status === 'active') return used ? '2' : '4';
  return used ? '6' : '8';
}

/** getHistory: `start`/`end` in Unix seconds (default: the last 30 days, at most 30 apart), `offset`, `size` (50, at most 100). */
export async function getHistory(user: UserItem, params: Params): Promise<Answer> {
  const now = Date.now();
  const end = params.end ? Number(params.end) * 1000 : now;
  const start = params.start ? Number(params.start) * 1000 : end - historyDays * dayMs;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || start > end || end - start > historyDays * dayMs) return errors.wrongDate;
  const offset = count(params.offset, 0) ?? 0;
  const size = Math.min(Math.max(count(params.size, historySize.default) ?? historySize.default, 1), historySize.max);
  const rentals = await readPartition(
    rentalItem,
    { sub: user.sub, id: '' },
    {
      skFrom: `${rentalPrefix}${timeSortableIdAt(start)}`,
      skTo: `${rentalPrefix}${timeSortableIdAt(end + 1)}`,
      descending: true,
      filter: { typeId: { equals: NumberType.Temporary }, activationId: { exists: true } },
      limit: offset + size,
      pageSize: 25,
    },
  );
  return json(
    rentals.slice(offset).map((rental) => {
      const message = rental.lastMessage;
      const refunded = rental.ended === 'refunded';
      return {
        id: rental.activationId!,
        date: protocolTime(rental.startedAt),
        phone: phoneOf(rental.e164),
        sms: JSON.stringify(message ? [message.code ?? message.body] : []),
        cost: refunded ? 0 : toDollars(rental.priceCents - (rental.refundedCents ?? 0)),
        status: historyStatus(rental),
      };
    }),
  );
}

/** getAllSms: every SMS of the caller's activation `id`, newest first, whole texts; `page` from 1, `size` (10, at most 100). */
export async function getAllSms(user: UserItem, params: Params): Promise<Answer> {
  const id = parseId(params.id ?? params.activationId);
  if (id === undefined) return errors.wrongActivationId;
  const found = await findActivationWithRental(id);
  if (!found || found.activation.sub !== user.sub) return errors.noActivation;
  const { rental } = found;
  const page = Math.max(count(params.page, 1) ?? 1, 1);
  const size = Math.min(Math.max(count(params.size, smsSize.default) ?? smsSize.default, 1), smsSize.max);
  // Its messages were stored while it lived: from its start to its end (a minute's slack for clocks).
  const until = Date.parse(rental.endedAt ?? rental.expiresAt) + 60_000;
  const messages = await rentalSms(user.sub, rental.id, { storedBetween: [Date.parse(rental.startedAt) - 60_000, until], limit: 1000, pageSize: 100 });
  return json({
    status: 'success',
    quantity: messages.length,
    data: messages.slice((page - 1) * size, page * size).map((m) => ({
      phoneFrom: m.from,
      text: m.body,
      code: m.code,
      date: protocolTime(m.receivedAt ?? m.createdAt),
    })),
  });
}
