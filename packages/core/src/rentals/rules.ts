import { earlyCancelMinutes, NumberType, refundWindowMinutes, type ReportReason } from '@numbernest/contracts';
import { ConflictError } from '../shared/errors';
import type { RateLimit } from '../shared/rate-limit';
import type { RentalEnd, RentalItem } from './items';

/**
 * The refund and limit rules of rentals, in one place (the README, the FAQ and the API docs state
 * the same figures):
 *
 * - Shared and Private: closing within `refundWindowMs` of the purchase refunds the full price,
 *   extensions included, but only while the rental has received no SMS and sent none. After that,
 *   closing ends the rental without a refund (the close dialog says which before it happens).
 * - Temporary: cancelled or expired without a code, it is refunded in full; a cancel in the first
 *   `earlyCancelMs` is refused (the protocol's EARLY_CANCEL_DENIED), so a script cannot churn
 *   activations faster than any code could arrive.
 * - A rental that ends refunded puts its number back on sale at once; any other end rests the
 *   number `reuseAfterMs` for everyone but its last renter (operators reissue SIMs).
 * - Per account: `purchaseLimits` on purchases and `refundedCloseLimits` on refunds of unused
 *   numbers. Each is counted inside the transaction that makes the purchase or the refund, so only
 *   what happened counts and concurrent requests cannot pass the limit. A refund at expiry is
 *   automatic, so it is counted without being refused: past the limit it still refunds, and the
 *   closes and cancels after it are refused.
 * - Per account, its standing (standing.ts): how many numbers it holds at once, in all and of one
 *   slice, and whether a Shared or Private number it buys comes with the refund window.
 */
const refundWindowMs = refundWindowMinutes * 60_000;
const earlyCancelMs = earlyCancelMinutes * 60_000;

type RuleFacts = Pick<RentalItem, 'typeId' | 'status' | 'startedAt' | 'expiresAt' | 'messagesCount' | 'sentCount' | 'closeRefund'>;

/** Whether the rental has been used: an SMS received, or one sent from it (Start Chat). */
export const usedRental = (rental: Pick<RentalItem, 'messagesCount' | 'sentCount'>) => rental.messagesCount > 0 || (rental.sentCount ?? 0) > 0;

/** Until when closing refunds the full price (ISO), or null when closing refunds nothing. */
export function refundableUntil(rental: RuleFacts): string | null {
  if (rental.status !== 'active' || usedRental(rental)) return null;
  if (rental.typeId === NumberType.Temporary) return rental.expiresAt;
  if (rental.closeRefund === false) return null; // bought while the account's standing was limited
  const windowEnds = Math.min(Date.parse(rental.startedAt) + refundWindowMs, Date.parse(rental.expiresAt));
  return new Date(windowEnds).toISOString();
}

/** Whether closing now refunds the full price (an unused Temporary activation always is, as at its end). */
export function refundsOnClose(rental: RuleFacts, now: Date): boolean {
  if (rental.typeId === NumberType.Temporary) return !usedRental(rental);
  const until = refundableUntil(rental);
  return until !== null && now.getTime() < Date.parse(until);
}

/** The earliest time the renter may close (cancel) the rental: a Temporary activation after its first two minutes. */
export function closableFrom(rental: Pick<RentalItem, 'typeId' | 'startedAt'>): string {
  const from = Date.parse(rental.startedAt) + (rental.typeId === NumberType.Temporary ? earlyCancelMs : 0);
  return new Date(from).toISOString();
}

/** Whether a rental of this type can be extended: Shared and Private can, a Temporary activation cannot. */
export const extendable = (rental: Pick<RentalItem, 'typeId'>) => rental.typeId !== NumberType.Temporary;

/** Whether the rental's number sends SMS (Start Chat): Private numbers only; Shared and Temporary only receive. */
export const sendsSms = (rental: Pick<RentalItem, 'typeId'>) => rental.typeId === NumberType.Private;

/** A cancel in an activation's first two minutes (the web's 409, the protocol's EARLY_CANCEL_DENIED). */
export class EarlyCancelError extends ConflictError {
  override name = 'EarlyCancelError';
  constructor(readonly closableFrom: string) {
    super(`An activation can be cancelled two minutes after it was bought, from ${closableFrom}`, 'EARLY_CANCEL_DENIED', { closable_from: closableFrom });
  }
}

/** Why a close or cancel is refused: the rental has ended, a message came (a cancel), or it is too early (an activation). */
export type CloseDecision = { allowed: true; refunds: boolean } | { allowed: false; reason: 'ended' | 'used' | 'early'; closableFrom: string };

/**
 * Whether the renter may end the rental now, and whether that refunds it: THE rule for the web's
 * close and the protocol's cancel (setStatus 8), which is `onlyIfUnused` (once a message came, a
 * cancel is refused rather than ending without a refund). Refused after its end, when used (a
 * cancel), and in an activation's first two minutes, in that order.
 */
export function closeDecision(rental: RuleFacts, now: Date, options: { onlyIfUnused?: boolean } = {}): CloseDecision {
  const from = closableFrom(rental);
  if (rental.status !== 'active') return { allowed: false, reason: 'ended', closableFrom: from };
  if (options.onlyIfUnused && usedRental(rental)) return { allowed: false, reason: 'used', closableFrom: from };
  if (now.getTime() < Date.parse(from)) return { allowed: false, reason: 'early', closableFrom: from };
  return { allowed: true, refunds: refundsOnClose(rental, now) };
}

/** The error a refused close or cancel throws: all 409s; an early one is EarlyCancelError (the protocol's EARLY_CANCEL_DENIED). */
export function closeRefusal(decision: Extract<CloseDecision, { allowed: false }>): ConflictError {
  if (decision.reason === 'early') return new EarlyCancelError(decision.closableFrom);
  if (decision.reason === 'used') return new ConflictError('A message has arrived: this rental can no longer be cancelled', 'RENTAL_USED');
  return new ConflictError('This rental has already ended', 'RENTAL_ENDED');
}

/**
 * Which reports the renter may make now (report.ts carries one out). Only an active Temporary
 * activation is reported: it is one service's one-time use of a number, so a number the service will
 * not serve is worth nothing to it. `not_delivered`: no code came, and not in the first two minutes
 * (as a cancel: a code takes a moment). `already_used`: the service says the number is taken; allowed
 * after a code too, as that code signs in to someone else's account. Either refunds in full and stops
 * the number being sold for the service again.
 */
export function reportsAllowed(rental: RuleFacts, now: Date): ReportReason[] {
  if (rental.typeId !== NumberType.Temporary || rental.status !== 'active') return [];
  const early = now.getTime() < Date.parse(closableFrom(rental));
  return [...(!usedRental(rental) && !early ? (['not_delivered'] as const) : []), 'already_used'];
}

/** Why a report is refused: the activation ended, it is no activation, a code came (not delivered), or too early. */
export function reportRefusal(rental: RuleFacts, reason: ReportReason, now: Date): ConflictError | undefined {
  if (reportsAllowed(rental, now).includes(reason)) return undefined;
  if (rental.typeId !== NumberType.Temporary) return new ConflictError('Only a Temporary activation can be reported', 'ACTIVATION_ONLY');
  if (rental.status !== 'active') return new ConflictError('This rental has already ended', 'RENTAL_ENDED');
  if (usedRental(rental)) return new ConflictError('A code has arrived, so it was delivered: report it as already used if it is', 'REPORT_AFTER_CODE');
  return new EarlyCancelError(closableFrom(rental));
}

/** Whether the renter may finish an activation or ask for another code now: active Temporary with a code. */
export const codeActionsAllowed = (rental: Pick<RentalItem, 'typeId' | 'status' | 'messagesCount'>) =>
  rental.typeId === NumberType.Temporary && rental.status === 'active' && rental.messagesCount > 0;

/**
 * How a rental ends (end.ts carries it out):
 * - `closed`: the renter closes it (the web) or cancels it (the developer API); refunded by the
 *   refund rules above. `onlyIfUnused` (a cancel): once a message has come it is refused.
 * - `completed`: the renter is done with an activation; no refund.
 * - `expired`: the rental job at the end of its time; an unused Temporary activation is refunded.
 * - `byOperator`: an operator closes it on the renter's behalf; refunded in full only when the
 *   operator says so (whatever the rules above would say), never refused for being early.
 * - `reported`: the renter reports the activation's number (`reportsAllowed`); refunded in full,
 *   and the number is blocked for its service.
 */
export type EndRequest =
  | { ended: 'closed'; onlyIfUnused?: boolean }
  | { ended: 'completed' }
  | { ended: 'expired' }
  | { ended: 'byOperator'; refund: boolean }
  | { ended: 'reported'; reason: ReportReason };

/**
 * What ending the active rental as asked at `now` does: how it ends and whether the price goes
 * back. Undefined when an expiry finds the end moved past `now` (extended meanwhile): nothing ends.
 * A refused close or cancel throws closeRefusal's error.
 */
export function decideEnd(
  rental: RuleFacts & Pick<RentalItem, 'priceCents'>,
  request: EndRequest,
  now: Date,
): { ended: RentalEnd; refund: boolean } | undefined {
  if (request.ended === 'expired' && Date.parse(rental.expiresAt) > now.getTime()) return undefined;
  if (request.ended === 'byOperator') {
    const refund = request.refund && rental.priceCents > 0;
    return { ended: refund ? 'refunded' : 'closed', refund };
  }
  if (request.ended === 'reported') {
    const refusal = reportRefusal(rental, request.reason, now);
    if (refusal) throw refusal;
    const refund = rental.priceCents > 0;
    return { ended: refund ? 'refunded' : 'closed', refund };
  }
  const decision = request.ended === 'closed' ? closeDecision(rental, now, request) : undefined;
  if (decision && !decision.allowed) throw closeRefusal(decision);
  const refund =
    rental.priceCents > 0 && (decision ? decision.refunds : request.ended === 'expired' && rental.typeId === NumberType.Temporary && !usedRental(rental));
  return { ended: refund ? 'refunded' : request.ended, refund };
}

/** Whether a rental can still be extended at `now`: active, of a type that extends, and its end still ahead. */
export const extendableAt = (rental: Pick<RentalItem, 'typeId' | 'status' | 'expiresAt'>, now: Date) =>
  extendable(rental) && rental.status === 'active' && Date.parse(rental.expiresAt) > now.getTime();

const hour = 3600;
const day = 24 * hour;

/** Purchases per account: generous for a reseller on the developer API, a ceiling for a script. */
export const purchaseLimits: RateLimit[] = [
  {
    scope: 'purchases-hour',
    code: 'PURCHASE_LIMIT_HOUR',
    limit: 120,
    windowSeconds: hour,
    message: 'You have bought 120 numbers this hour, the most one account may; try again when the hour is over',
  },
  {
    scope: 'purchases-day',
    code: 'PURCHASE_LIMIT_DAY',
    limit: 1000,
    windowSeconds: day,
    message: 'You have bought 1,000 numbers today, the most one account may; try again tomorrow (UTC)',
  },
];

/** Refunded closes and cancels per account (purchases that cost nothing hold numbers for free). */
export const refundedCloseLimits: RateLimit[] = [
  {
    scope: 'refunds-hour',
    code: 'REFUND_LIMIT_HOUR',
    limit: 20,
    windowSeconds: hour,
    message: 'You have closed 20 numbers for a refund this hour, the most one account may; try again when the hour is over',
  },
  {
    scope: 'refunds-day',
    code: 'REFUND_LIMIT_DAY',
    limit: 60,
    windowSeconds: day,
    message: 'You have closed 60 numbers for a refund today, the most one account may; try again tomorrow (UTC)',
  },
];
