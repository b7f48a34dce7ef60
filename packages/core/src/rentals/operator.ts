import type { OperatorRef } from '@numbernest/contracts/ops';
import { retryOnConflict, txUpdate, type TransactItem, type TransactPart } from '../shared/db';
import { rentalItem } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';
import { applyLedgerTransaction, findEntriesOfKey } from '../money';
import type { LedgerEntry } from '../money';
import { auditPut } from '../accounts';
import { formatDollars, type Cents } from '../shared/pricing';
import { endRental } from './end';
import type { RentalItem } from './items';
import { getRentalOf } from './find';

/**
 * What operators do to one customer's rental: close it early on the renter's behalf, and give
 * money back for it, whole or in part. Both go through the same paths as the renter's own close
 * and refund (end.ts, the ledger), each with its audit entry in the same transaction.
 */

export interface OperatorAct {
  operator: OperatorRef;
  reason: string;
}

/** What is left to give back: nothing once it ended refunded, else its price less operators' refunds so far. */
export const refundableCents = (rental: Pick<RentalItem, 'ended' | 'priceCents' | 'refundedCents'>): Cents =>
  rental.ended === 'refunded' ? 0 : Math.max(0, rental.priceCents - (rental.refundedCents ?? 0));

const auditTarget = (rental: RentalItem) => ({ type: 'rental', id: rental.id });
const auditFacts = (rental: RentalItem) => ({
  user: rental.sub,
  number: rental.e164,
  status: rental.status,
  ended: rental.ended ?? null,
  price: formatDollars(rental.priceCents),
  refunded: formatDollars(rental.ended === 'refunded' ? rental.priceCents : (rental.refundedCents ?? 0)),
});

/**
 * Ends an active rental now, as the renter's close does (the number lock released in the same
 * transaction: at once when refunded, else resting for everyone but its renter), refunding the
 * whole price only when the operator asks. Not refused in an activation's first minutes, and not
 * counted against the renter's refund limits.
 */
export async function closeRentalForCustomer(
  sub: string,
  id: string,
  act: OperatorAct & { refund: boolean },
): Promise<{ rental: RentalItem; refunded: boolean; balanceCents?: Cents }> {
  const rental = await getRentalOf(sub, id);
  if (rental.status !== 'active') throw new ConflictError('This rental has already ended', 'RENTAL_ENDED');
  const now = new Date();
  const result = await endRental(rental, { ended: 'byOperator', refund: act.refund }, now, {
    items: (ended) => [
      auditPut(
        {
          operator: act.operator,
          action: 'rental.close',
          target: auditTarget(rental),
          before: auditFacts(rental),
          after: auditFacts({ ...rental, status: 'inactive', ended }),
          reason: act.reason,
        },
        now,
      ),
    ],
    refundParams: { operator: act.operator.email, reason: act.reason },
  });
  if (!result) throw new ConflictError('This rental has already ended', 'RENTAL_ENDED');
  return result;
}

export interface RefundInput extends OperatorAct {
  sub: string;
  rentalId: string;
  /** Absent: all that is left to refund. */
  amountCents?: Cents;
  /** The client's Idempotency-Key: the same key again refunds once and answers the same entry. */
  idempotencyKey: string;
}

class RentalChanged extends Error {}

/**
 * Gives back part or all of what an ENDED rental cost (an active one is closed first, with or
 * without its refund): one ledger transaction with the `refund` entry, the rental's
 * `refundedCents` (conditioned on the value read, so repeated and concurrent partial refunds never
 * add up to more than was paid) and the audit entry.
 */
export async function refundRentalForCustomer(input: RefundInput): Promise<{ rental: RentalItem; entry: LedgerEntry; balanceCents: Cents }> {
  const ledgerKey = `ops-refund:${input.sub}:${input.idempotencyKey}`;
  return retryOnConflict(
    async () => {
      const earlier = await findEntriesOfKey(ledgerKey);
      if (earlier) return replayOf(input, earlier[0]!);
      const rental = await getRentalOf(input.sub, input.rentalId);
      if (rental.status === 'active') throw new ConflictError('Close this rental first (the close can refund it in full)', 'RENTAL_ACTIVE', { id: rental.id });
      const left = refundableCents(rental);
      if (left === 0) throw new ConflictError('This rental has been refunded in full', 'RENTAL_REFUNDED');
      const amountCents = input.amountCents ?? left;
      if (amountCents > left)
        throw new ConflictError(`At most $${formatDollars(left)} of this rental is left to refund`, 'REFUND_OVER_PAID', { refundable: formatDollars(left) });
      const refundedAfter = (rental.refundedCents ?? 0) + amountCents;
      const now = new Date();
      const { entries, replayed } = await applyLedgerTransaction({
        idempotencyKey: ledgerKey,
        changes: [
          {
            sub: rental.sub,
            amountCents,
            kind: 'refund',
            reference: rental.id,
            description: {
              key: 'refund',
              params: {
                number: rental.e164,
                ...(rental.serviceName ? { service: rental.serviceName } : {}),
                operator: input.operator.email,
                reason: input.reason,
              },
            },
            allowDeletedAccount: true,
          },
        ],
        parts: () => [
          refundedUpdate(rental, refundedAfter),
          clashIfRefused(
            auditPut(
              {
                operator: input.operator,
                action: 'rental.refund',
                target: auditTarget(rental),
                before: auditFacts(rental),
                after: { ...auditFacts({ ...rental, refundedCents: refundedAfter }), amount: formatDollars(amountCents) },
                reason: input.reason,
              },
              now,
            ),
          ),
        ],
      });
      if (replayed) return replayOf(input, entries[0]!);
      return { rental: { ...rental, refundedCents: refundedAfter }, entry: entries[0]!, balanceCents: entries[0]!.balanceAfterCents };
    },
    {
      attempts: 5,
      retryOn: (error) => error instanceof RentalChanged,
      exhausted: () => {
        throw new ConflictError('The rental is changing; try again', 'RENTAL_CHANGING');
      },
    },
  );
}

/** The audit entry's part: a failed condition there is a clash, not a changed rental. */
const clashIfRefused = (request: TransactItem): TransactPart => ({
  request,
  onConditionFailed: () => new ConflictError('This refund clashes with the current state', 'CONFLICT'),
});

/**
 * The running total, moved only from the value just read, never on a rental that is active or ended
 * refunded. An ended rental's end and price never change, so conditions on the ones read (checked
 * here to allow this refund) keep the total within the price.
 */
function refundedUpdate(rental: RentalItem, refundedAfter: Cents): TransactPart {
  return txUpdate(
    rentalItem,
    { sub: rental.sub, id: rental.id },
    {
      set: { refundedCents: refundedAfter },
      when: {
        status: { equals: 'inactive' },
        ended: rental.ended === undefined ? { absent: true } : { equals: rental.ended },
        priceCents: { equals: rental.priceCents },
        refundedCents: rental.refundedCents === undefined ? { absent: true } : { equals: rental.refundedCents },
      },
      onConditionFailed: () => new RentalChanged(),
    },
  );
}

/** The first refund made with this key; the same key for another rental, amount or reason is a client bug (409). */
async function replayOf(input: RefundInput, entry: LedgerEntry) {
  const same =
    entry.reference === input.rentalId &&
    (input.amountCents === undefined || entry.amountCents === input.amountCents) &&
    entry.description.params?.reason === input.reason;
  if (!same) throw new ConflictError('This Idempotency-Key was already used for a different refund', 'IDEMPOTENCY_KEY_REUSED');
  const rental = await getRentalOf(input.sub, input.rentalId);
  return { rental, entry, balanceCents: entry.balanceAfterCents };
}
