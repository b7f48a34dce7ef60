import { NumberType } from '@numbernest/contracts';
import { failedCondition, tableName, transactWrite, type TransactItem } from '../db';
import { ConflictError } from '../errors';
import { applyLedgerTransaction } from '../ledger/apply';
import type { Cents } from '../pricing';
import { publish } from '../realtime/publish';
import type { RentalEnd, RentalItem } from './items';
import { rentalKeys } from './keys';
import { lockRelease } from './locks';
import { findRental } from './purchase';
import { toRental } from './shape';

/** The rental ended: inactive, out of the job's queue, its number released. Conditioned on what was read. */
function endItems(rental: RentalItem, ended: RentalEnd, now: Date, extraCondition = ''): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: rentalKeys.item(rental.sub, rental.id),
        UpdateExpression: 'SET #status = :inactive, ended = :ended, endedAt = :now REMOVE dueQueue, dueAt',
        ConditionExpression: `#status = :active AND messagesCount = :messages${extraCondition}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inactive': 'inactive', ':active': 'active', ':ended': ended, ':now': now.toISOString(), ':messages': rental.messagesCount },
      },
    },
    ...lockRelease(rental, now),
  ];
}

/**
 * A rental that received nothing is refunded in full (FAQ): the refund and the end in one
 * transaction. `replayed`: a concurrent call (the job's other run, the renter's close) did it first.
 */
async function endWithRefund(rental: RentalItem, ended: RentalEnd, now: Date): Promise<{ balanceCents?: Cents; replayed: boolean }> {
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
    items: () => endItems(rental, ended, now),
    onItemConditionFailed: () => new RentalChanged(),
  });
  return { balanceCents: entries[0]?.balanceAfterCents, replayed };
}

class RentalChanged extends Error {}

/**
 * Ends an active rental, refunding it when no message came (`refundIfUnused`). Whatever changed
 * between the read and the write (an SMS arriving, a second close) is read again and decided anew,
 * so a rental is refunded at most once and never after a message. Undefined when it had already ended;
 * `replayed` when a concurrent call refunded it first (the result is that call's).
 */
export async function endRental(
  rental: RentalItem,
  outcome: { ended: RentalEnd; refundIfUnused: boolean; /** Cancel only: a message came (even meanwhile) -> ConflictError, nothing ends. */ onlyIfUnused?: boolean },
  now = new Date(),
): Promise<{ rental: RentalItem; refunded: boolean; balanceCents?: Cents; replayed?: boolean } | undefined> {
  let current: RentalItem | undefined = rental;
  for (let attempt = 0; attempt < 5 && current?.status === 'active'; attempt++) {
    if (outcome.onlyIfUnused && current.messagesCount > 0) throw new ConflictError('A message has arrived: this rental can no longer be cancelled');
    const refund = outcome.refundIfUnused && current.messagesCount === 0 && current.priceCents > 0;
    const ended = refund ? 'refunded' : outcome.ended;
    try {
      const { balanceCents, replayed } = refund ? await endWithRefund(current, ended, now) : await transactWrite(endItems(current, ended, now)).then(() => ({ balanceCents: undefined, replayed: false }));
      const endedRental: RentalItem = { ...current, status: 'inactive', ended, endedAt: now.toISOString() };
      if (replayed) return { rental: endedRental, refunded: refund, balanceCents, replayed };
      await publish(rental.sub, { type: 'rental', rental: toRental(endedRental) }); // push (close, expiry, refund); never throws
      return { rental: endedRental, refunded: refund, balanceCents };
    } catch (error) {
      if (!(error instanceof RentalChanged || failedCondition(error))) throw error;
      current = await findRental(rental.sub, rental.id);
    }
  }
  if (current?.status === 'active') throw new ConflictError('The rental is changing; try again');
  return undefined;
}

/** Whether a rental of this type can be extended (Temporary activations cannot). */
export const extendable = (rental: RentalItem) => rental.typeId !== NumberType.Temporary;
