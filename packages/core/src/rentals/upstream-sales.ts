import { createItem, readIndex, readItem, readPartition, txDelete, txPutNew, txUpdate, updateItem, type TransactPart } from '../shared/db';
import { upstreamActivationItem, upstreamEndItem } from '../shared/db/items/rentals-upstream';
import type * as z from 'zod/mini';
import type { BalanceChange } from '../money';
import type { RentalItem } from './items';

/** An activation an upstream provider served (the rental's `upstreamSale`). */
export type UpstreamSale = NonNullable<RentalItem['upstreamSale']>;
type UpstreamRental = RentalItem & { upstreamSale: UpstreamSale };

export type UpstreamEndHow = 'cancel' | 'finish' | 'ban';
export type UpstreamEndItem = z.infer<typeof upstreamEndItem.schema>;
export type UpstreamActivationItem = z.infer<typeof upstreamActivationItem.schema>;

export const upstreamEndQueue = 'UPSTREAM_END';

/**
 * The ledger account of an upstream provider (a system profile, made when it is added): what we
 * deposited there less what its activations cost plus what it refunded, so its balance is what the
 * upstream should hold for us, never below zero.
 */
export const upstreamAccountSub = (upstreamId: string) => `upstream:${upstreamId}`;

/** The activation's cost, debited from its upstream's account in the purchase's own transaction. */
export const upstreamSpend = (rental: UpstreamRental): BalanceChange => ({
  sub: upstreamAccountSub(rental.upstreamSale.upstreamId),
  amountCents: -rental.upstreamSale.costCents,
  kind: 'upstream-spend',
  reference: rental.id,
  description: { key: 'upstreamSpend', params: { number: rental.e164, service: rental.serviceName ?? '', country: rental.countryName } },
});

/** The purchase's part: the activation joins the live ones the code poll asks about. */
export const upstreamActivationStartPart = (rental: UpstreamRental, onTaken: () => Error): TransactPart =>
  txPutNew(
    upstreamActivationItem,
    {
      rentalId: rental.id,
      sub: rental.sub,
      upstreamId: rental.upstreamSale.upstreamId,
      activationId: rental.upstreamSale.activationId,
      e164: rental.e164,
      startedAt: rental.startedAt,
    },
    onTaken,
  );

/**
 * How the end is carried to the upstream: a reported number is banned (5sim's ban; SMS-Activate
 * cancels), one kept after a code is finished (paid), anything else is cancelled (its money back).
 */
export function upstreamEndHowOf(rental: RentalItem, refunded: boolean, reported: boolean): UpstreamEndHow {
  if (reported) return 'ban';
  return !refunded && rental.messagesCount > 0 ? 'finish' : 'cancel';
}

/**
 * The end's parts: the activation leaves the live ones, and its end is queued for the upstream, put
 * only if new, so a second end of the same activation can never send another.
 */
export function upstreamEndParts(rental: UpstreamRental, how: UpstreamEndHow, customerRefunded: boolean, now: Date, onTaken: () => Error): TransactPart[] {
  return [
    txDelete(upstreamActivationItem, { rentalId: rental.id }, { onConditionFailed: onTaken }),
    txPutNew(
      upstreamEndItem,
      {
        rentalId: rental.id,
        upstreamId: rental.upstreamSale.upstreamId,
        activationId: rental.upstreamSale.activationId,
        how,
        costCents: rental.upstreamSale.costCents,
        customerRefunded,
        endedAt: now.toISOString(),
        attempts: 0,
        dueQueue: upstreamEndQueue,
        dueAt: now.toISOString(),
      },
      onTaken,
    ),
  ];
}

/** A number an upstream sold us that we did not sell on: cancelled at once through the same queue (nothing was debited). */
export async function queueUnsoldUpstreamNumber(upstreamId: string, activationId: string, why: string, now = new Date()): Promise<void> {
  // Put only if new: the same activation queued twice is cancelled once.
  await createItem(upstreamEndItem, {
    rentalId: `unsold:${upstreamId}:${activationId}`,
    upstreamId,
    activationId,
    how: 'cancel',
    costCents: 0,
    customerRefunded: false,
    endedAt: now.toISOString(),
    attempts: 0,
    unsold: why.slice(0, 200),
    dueQueue: upstreamEndQueue,
    dueAt: now.toISOString(),
  });
}

/** Every live upstream activation (one partition). */
export const liveUpstreamActivations = (): Promise<UpstreamActivationItem[]> =>
  readPartition(upstreamActivationItem, { rentalId: '' }, { skPrefix: 'RENTAL#' });

/** The ends whose (next) try is due, oldest first, at most `limit`. */
export const dueUpstreamEnds = (now = new Date(), limit = 200): Promise<UpstreamEndItem[]> =>
  readIndex(upstreamEndItem, 'dueByTime', upstreamEndQueue, { skTo: now.toISOString(), limit });

/** The end of one rental's upstream activation, if it ended. */
export const findUpstreamEnd = (rentalId: string) => readItem(upstreamEndItem, { rentalId }, { consistent: true });

/** Backoff between tries, in seconds: 10 s at first, up to 10 minutes. */
const retryDelaySeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));

export type UpstreamEndOutcome = { answered: true; accepted: boolean; refundedCents?: number; detail?: string } | { answered: false; error: string };

/** A try's change to the end: an answer takes it out of the queue for good, anything else schedules the next try. */
function endTryChange(end: UpstreamEndItem, outcome: UpstreamEndOutcome, now: Date) {
  const attempts = end.attempts + 1;
  const when = { attempts: { equals: end.attempts } };
  if (!outcome.answered)
    return {
      set: { attempts, lastError: outcome.error.slice(0, 300), dueAt: new Date(now.getTime() + retryDelaySeconds(attempts) * 1000).toISOString() },
      when,
    };
  return {
    set: {
      attempts,
      doneAt: now.toISOString(),
      accepted: outcome.accepted,
      ...(outcome.refundedCents === undefined ? {} : { refundedCents: outcome.refundedCents }),
      ...(outcome.detail === undefined ? {} : { lastError: outcome.detail.slice(0, 300) }),
    },
    remove: outcome.detail === undefined ? (['dueQueue', 'dueAt', 'lastError'] as const) : (['dueQueue', 'dueAt'] as const),
    when,
  };
}

/**
 * Records a try. Conditioned on the attempt count read, so two senders never both count one try:
 * false when another did.
 */
export async function recordUpstreamEndTry(end: UpstreamEndItem, outcome: UpstreamEndOutcome, now = new Date()): Promise<boolean> {
  const { remove, ...change } = endTryChange(end, outcome, now) as ReturnType<typeof endTryChange> & {
    remove?: readonly ('dueQueue' | 'dueAt' | 'lastError')[];
  };
  return (await updateItem(upstreamEndItem, { rentalId: end.rentalId }, { ...change, ...(remove ? { remove: [...remove] } : {}) })) !== undefined;
}

/** The same record as a part of the transaction that credits the upstream's refund, so the two happen together or not at all. */
export function upstreamEndTryPart(end: UpstreamEndItem, outcome: UpstreamEndOutcome, now: Date, onFailed: () => Error): TransactPart {
  const { remove, ...change } = endTryChange(end, outcome, now) as ReturnType<typeof endTryChange> & {
    remove?: readonly ('dueQueue' | 'dueAt' | 'lastError')[];
  };
  return txUpdate(upstreamEndItem, { rentalId: end.rentalId }, { ...change, ...(remove ? { remove: [...remove] } : {}), onConditionFailed: onFailed });
}

/** What the upstream refunded us for an activation, credited to its account once (key `upstream-refund:<rental id>`). */
export const upstreamRefund = (end: UpstreamEndItem): BalanceChange => ({
  sub: upstreamAccountSub(end.upstreamId),
  amountCents: end.costCents,
  kind: 'upstream-refund',
  reference: end.rentalId,
  description: { key: 'upstreamRefund', params: { activation: end.activationId } },
});

/** Another code wanted (requestAnotherCode's transaction): the code poll tells the upstream, once per request. */
export const upstreamAnotherCodePart = (rentalId: string, count: number, onFailed: () => Error): TransactPart =>
  txUpdate(upstreamActivationItem, { rentalId }, { set: { anotherAfter: count }, onConditionFailed: onFailed });

/** The upstream was told of the request for another code made at `count`. */
export async function markUpstreamAnotherAsked(rentalId: string, count: number): Promise<void> {
  await updateItem(upstreamActivationItem, { rentalId }, { set: { anotherAsked: count }, when: { rentalId: { exists: true } } }).catch(() => undefined); // ended meanwhile
}
