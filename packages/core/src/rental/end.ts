import { NumberType } from '@numbernest/contracts';
import { failedCondition, tableName, transactWrite, type TransactItem } from '../db';
import { ConflictError } from '../errors';
import { applyLedgerTransaction } from '../ledger/apply';
import type { Cents } from '../pricing';
import { countInTransaction } from '../rate-limit';
import { publish } from '../realtime/publish';
import type { RentalEnd, RentalItem } from './items';
import { rentalKeys } from './keys';
import { lockRelease } from './locks';
import { findRental } from './purchase';
import { closableFrom, EarlyCancelError, refundedCloseLimits, refundsOnClose, usedRental } from './rules';
import { toRental } from './shape';

/**
 * How a rental ends:
 * - `closed`: the renter closes it (the web) or cancels it (the developer API); refunded by the
 *   refund rules (rules.ts), each refund counted against the account's limits. `onlyIfUnused`
 *   (a cancel): once a message has come, even meanwhile, it is refused and nothing ends.
 * - `completed`: the renter is done with an activation; no refund.
 * - `expired`: the rental job at the end of its time; an unused Temporary activation is refunded.
 *   A rental extended meanwhile (its end moved past now) is left alone.
 */
export type EndRequest = { ended: 'closed'; onlyIfUnused?: boolean } | { ended: 'completed' } | { ended: 'expired' };

export interface EndResult {
  rental: RentalItem;
  refunded: boolean;
  balanceCents?: Cents;
  /** A concurrent call (the job's other run, the renter's close) refunded it first: the result is that call's. */
  replayed?: boolean;
}

/**
 * The rental ended: inactive, out of the job's queue, its number released. Conditioned on every
 * fact the decision read (status, messages received and sent, end, price), so an SMS, a send or an
 * extension landing in between makes it fail and the end is decided anew on the new state.
 */
function endItems(rental: RentalItem, ended: RentalEnd, now: Date, rest: boolean): TransactItem[] {
  const sent = rental.sentCount ?? 0;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: rentalKeys.item(rental.sub, rental.id),
        UpdateExpression: 'SET #status = :inactive, ended = :ended, endedAt = :now REMOVE dueQueue, dueAt',
        ConditionExpression: [
          '#status = :active',
          'messagesCount = :messages',
          sent === 0 ? '(attribute_not_exists(sentCount) OR sentCount = :sent)' : 'sentCount = :sent',
          'expiresAt = :expires',
          'priceCents = :price',
        ].join(' AND '),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':inactive': 'inactive',
          ':active': 'active',
          ':ended': ended,
          ':now': now.toISOString(),
          ':messages': rental.messagesCount,
          ':sent': sent,
          ':expires': rental.expiresAt,
          ':price': rental.priceCents,
        },
      },
    },
    ...lockRelease(rental, now, { rest }),
  ];
}

/**
 * The full price back and the end, in one transaction (key `refund:<rental id>`, so at most once).
 * A renter's refund also counts against the account's refund limits in the same transaction.
 */
async function endWithRefund(rental: RentalItem, now: Date, counted: boolean): Promise<{ balanceCents?: Cents; replayed: boolean }> {
  const ending = endItems(rental, 'refunded', now, false);
  const counts = counted ? refundedCloseLimits.map((limit) => countInTransaction(limit, rental.sub, now.getTime())) : [];
  const { entries, replayed } = await applyLedgerTransaction({
    idempotencyKey: `refund:${rental.id}`,
    changes: [
      {
        sub: rental.sub,
        amountCents: rental.priceCents,
        kind: 'refund',
        reference: rental.id,
        description: { key: 'refund', params: { number: rental.e164, ...(rental.serviceName ? { service: rental.serviceName } : {}) } },
        allowDeletedAccount: true,
      },
    ],
    items: () => [...ending, ...counts.map((count) => count.item)],
    onItemConditionFailed: (index) => counts[index - ending.length]?.refusal() ?? new RentalChanged(),
  });
  return { balanceCents: entries[0]?.balanceAfterCents, replayed };
}

class RentalChanged extends Error {}

/**
 * Ends an active rental as asked (see EndRequest), refunding it when the rules say so. Whatever
 * changed between the read and the write is read again (consistently) and decided anew, so a
 * rental is refunded at most once, never after use, and never for less than was paid. Undefined
 * when it had already ended (or, for `expired`, was extended meanwhile).
 */
export async function endRental(rental: RentalItem, request: EndRequest, now = new Date()): Promise<EndResult | undefined> {
  let current: RentalItem | undefined = rental;
  for (let attempt = 0; attempt < 5 && current?.status === 'active'; attempt++) {
    if (request.ended === 'expired' && Date.parse(current.expiresAt) > now.getTime()) return undefined;
    if (request.ended === 'closed') {
      const from = closableFrom(current);
      if (now.getTime() < Date.parse(from)) throw new EarlyCancelError(from);
      if (request.onlyIfUnused && usedRental(current)) throw new ConflictError('A message has arrived: this rental can no longer be cancelled', 'RENTAL_USED');
    }
    const refund =
      current.priceCents > 0 &&
      (request.ended === 'closed'
        ? refundsOnClose(current, now)
        : request.ended === 'expired' && current.typeId === NumberType.Temporary && !usedRental(current));
    const ended = refund ? 'refunded' : request.ended;
    try {
      const { balanceCents, replayed } = refund
        ? await endWithRefund(current, now, request.ended === 'closed')
        : await transactWrite(endItems(current, ended, now, true)).then(() => ({ balanceCents: undefined, replayed: false }));
      const endedRental: RentalItem = { ...current, status: 'inactive', ended, endedAt: now.toISOString() };
      if (replayed) return { rental: endedRental, refunded: refund, balanceCents, replayed };
      await publish(rental.sub, { type: 'rental', rental: toRental(endedRental) }); // push (close, expiry, refund); never throws
      return { rental: endedRental, refunded: refund, balanceCents };
    } catch (error) {
      if (!(error instanceof RentalChanged || failedCondition(error))) throw error;
      current = await findRental(rental.sub, rental.id);
    }
  }
  if (current?.status === 'active') throw new ConflictError('The rental is changing; try again', 'RENTAL_CHANGING');
  return undefined;
}

/** Whether a rental of this type can be extended (Temporary activations cannot). */
export const extendable = (rental: RentalItem) => rental.typeId !== NumberType.Temporary;
