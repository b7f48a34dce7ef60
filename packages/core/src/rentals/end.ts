import { failedCondition, requestPart, retryOnConflict, transact, txUpdate, type TransactItem, type TransactPart } from '../shared/db';
import { rentalItem } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';
import { applyLedgerTransaction } from '../money';
import type { Cents } from '../shared/pricing';
import { countInTransaction } from '../shared/rate-limit';
import { publish } from '../notifications';
import { recordDelivery, recordStats } from '../stats';
import { deliverySourceOf } from './source';
import type { ReportReason } from '@numbernest/contracts';
import type { RentalEnd, RentalItem } from './items';
import { lockBlock, lockRelease } from './locks';
import { findRental } from './find';
import { decideEnd, refundedCloseLimits, type EndRequest } from './rules';
import { holdRelease } from './standing-store';
import { toRental } from './shape';
import { agentFinishPart, finishStatusOf, partnerEarning } from './agent-sales';
import { agentActivationEndPart } from './agent-activations';
import { upstreamEndHowOf, upstreamEndParts } from './upstream-sales';

export type { EndRequest } from './rules';

/** What an operator's close adds to the ending's own transaction. */
export interface EndExtras {
  /** More items for the same transaction (the operator's audit entry), given how it ends. */
  items?: (ended: RentalEnd, refund: boolean) => TransactItem[];
  /** More words on the refund entry (the operator and the reason). */
  refundParams?: Record<string, string>;
}

/** Something the end's decision read changed meanwhile: decided again on a fresh read. */
class RentalChanged extends Error {}
const changed = () => new RentalChanged();
/** Another context's item in the end's transaction: its failed condition means the same. */

export interface EndResult {
  rental: RentalItem;
  refunded: boolean;
  balanceCents?: Cents;
  /** A concurrent call (the job's other run, the renter's close) refunded it first: the result is that call's. */
  replayed?: boolean;
}

/**
 * The rental ended: inactive, out of the job's queue, its number released and no longer held
 * against the account's limits (an unused refund counted against its standing). Conditioned on
 * every fact the decision read (status, messages received and sent, end, price), so an SMS, a send
 * or an extension landing in between makes it fail and the end is decided anew on the new state.
 */
function endParts(
  rental: RentalItem,
  ended: RentalEnd,
  now: Date,
  { rest, unusedRefund, reported }: { rest: boolean; unusedRefund: boolean; reported?: ReportReason },
): TransactPart[] {
  const sent = rental.sentCount ?? 0;
  const released = holdRelease(rental, unusedRefund, now);
  const [lock, number] = reported ? lockBlock(rental, now, reported, changed) : lockRelease(rental, now, { rest }, changed);
  return [
    txUpdate(
      rentalItem,
      { sub: rental.sub, id: rental.id },
      {
        set: { status: 'inactive', ended, endedAt: now.toISOString(), ...(reported ? { reported: { reason: reported, at: now.toISOString() } } : {}) },
        remove: ['dueQueue', 'dueAt'],
        when: {
          status: { equals: 'active' },
          messagesCount: { equals: rental.messagesCount },
          ...(sent === 0 ? { anyOf: [{ sentCount: { absent: true } }, { sentCount: { equals: sent } }] } : { sentCount: { equals: sent } }),
          expiresAt: { equals: rental.expiresAt },
          priceCents: { equals: rental.priceCents },
        },
        onConditionFailed: changed,
      },
    ),
    lock,
    number,
    ...(released ? [requestPart(released, changed)] : []),
  ];
}

/**
 * The full price back and the end, in one transaction (key `refund:<rental id>`, so at most once).
 * A refund of an unused number (not an operator's) counts against the account's refund limits in
 * the same transaction: a close or cancel is refused past them, an expiry is counted all the same.
 */
async function endWithRefund(rental: RentalItem, now: Date, request: EndRequest, extras: EndExtras): Promise<{ balanceCents?: Cents; replayed: boolean }> {
  // A renter's refund counts against the refund limits (an operator's does not); it counts against
  // the standing as unused unless a code came (a number reported as already used after its code).
  const byRenter = request.ended !== 'byOperator';
  const unusedRefund = byRenter && rental.messagesCount === 0;
  const reported = request.ended === 'reported' ? request.reason : undefined;
  const ending = [
    ...endParts(rental, 'refunded', now, { rest: false, unusedRefund, reported }),
    ...agentFinishParts(rental, true, reported, now),
    ...(extras.items?.('refunded', true) ?? []).map((request) => requestPart(request, changed)),
  ];
  const enforce = request.ended === 'closed' || request.ended === 'reported';
  const counts = byRenter ? refundedCloseLimits.map((limit) => countInTransaction(limit, rental.sub, now.getTime(), { enforce })) : [];
  const { entries, replayed } = await applyLedgerTransaction({
    idempotencyKey: `refund:${rental.id}`,
    changes: [
      {
        sub: rental.sub,
        amountCents: rental.priceCents,
        kind: 'refund',
        reference: rental.id,
        description: {
          key: 'refund',
          params: {
            number: rental.e164,
            ...(rental.serviceName ? { service: rental.serviceName } : {}),
            ...(reported ? { reported } : {}),
            ...extras.refundParams,
          },
        },
        allowDeletedAccount: true,
      },
    ],
    parts: () => [...ending, ...counts],
  });
  return { balanceCents: entries[0]?.balanceAfterCents, replayed };
}

/**
 * An activation a partner's agent served: its agent is told how it ended (written with the end, sent
 * by supply's agent sender), once; its entry in the agent's list of activations gets the same status.
 * An upstream provider's: it leaves the live activations and its end (cancel, finish, ban) is queued
 * for supply's upstream sender, once.
 */
function agentFinishParts(rental: RentalItem, refunded: boolean, reported: ReportReason | undefined, now: Date): TransactPart[] {
  const { agentSale } = rental;
  const { upstreamSale } = rental;
  if (upstreamSale) return upstreamEndParts({ ...rental, upstreamSale }, upstreamEndHowOf(rental, refunded, reported !== undefined), refunded, now, changed);
  if (!agentSale) return [];
  const status = finishStatusOf(rental, refunded, reported);
  return [agentFinishPart({ ...rental, agentSale }, status, now, changed), agentActivationEndPart({ ...rental, agentSale }, status, now, changed)];
}

/**
 * The end without a refund. An agent's activation the customer got a code from is sold: the
 * partner's earning is credited in the same transaction (key `partner-earning:<rental id>`, once).
 */
async function endWithoutRefund(
  rental: RentalItem,
  ended: RentalEnd,
  now: Date,
  request: EndRequest,
  extras: EndExtras,
): Promise<{ balanceCents?: Cents; replayed: boolean }> {
  const reported = request.ended === 'reported' ? request.reason : undefined;
  const parts = [
    ...endParts(rental, ended, now, { rest: true, unusedRefund: false, reported }),
    ...agentFinishParts(rental, false, reported, now),
    ...(extras.items?.(ended, false) ?? []).map((request) => requestPart(request, changed)),
  ];
  const { agentSale } = rental;
  if (agentSale && finishStatusOf(rental, false, reported) === 3) {
    const { replayed } = await applyLedgerTransaction({
      idempotencyKey: `partner-earning:${rental.id}`,
      changes: [partnerEarning({ ...rental, agentSale })],
      parts: () => parts,
    });
    return { replayed };
  }
  await transact(parts);
  return { replayed: false };
}

/**
 * Ends an active rental as asked (see EndRequest), refunding it when the rules say so. Whatever
 * changed between the read and the write is read again (consistently) and decided anew, so a
 * rental is refunded at most once, never after use, and never for less than was paid. Undefined
 * when it had already ended (or, for `expired`, was extended meanwhile).
 */
export async function endRental(rental: RentalItem, request: EndRequest, now = new Date(), extras: EndExtras = {}): Promise<EndResult | undefined> {
  // Five tries to write; a sixth round only reads again, to tell "ended meanwhile" from "still changing".
  const tries = 5;
  return retryOnConflict(
    async (attempt) => {
      const current = attempt === 1 ? rental : await findRental(rental.sub, rental.id);
      if (current?.status !== 'active') return undefined;
      if (attempt > tries) throw new ConflictError('The rental is changing; try again', 'RENTAL_CHANGING');
      const decision = decideEnd(current, request, now);
      if (!decision) return undefined;
      const { ended, refund } = decision;
      const { balanceCents, replayed } = refund
        ? await endWithRefund(current, now, request, extras)
        : await endWithoutRefund(current, ended, now, request, extras);
      const endedRental: RentalItem = {
        ...current,
        status: 'inactive',
        ended,
        endedAt: now.toISOString(),
        ...(request.ended === 'reported' ? { reported: { reason: request.reason, at: now.toISOString() } } : {}),
      };
      if (replayed) return { rental: endedRental, refunded: refund, balanceCents, replayed };
      await publish(rental.sub, { type: 'rental', rental: toRental(endedRental) }); // push (close, expiry, refund); never throws
      // Counted by the call that ended it (a replay did nothing); never throws.
      await recordStats({ kind: 'rental-ended', typeId: current.typeId, ...(refund ? { refundedCents: current.priceCents } : {}) }, now);
      if (request.ended === 'reported' && current.serviceId !== undefined) {
        // A report counts against the source's delivery, on the day it was bought.
        const place = { source: deliverySourceOf(current), countryId: current.countryId, serviceId: current.serviceId, purchasedAt: current.startedAt };
        await recordDelivery({ kind: 'reported', afterCode: current.messagesCount > 0, ...place }, now); // never throws
      }
      return { rental: endedRental, refunded: refund, balanceCents };
    },
    { attempts: tries + 1, retryOn: (error) => error instanceof RentalChanged || failedCondition(error) },
  );
}
