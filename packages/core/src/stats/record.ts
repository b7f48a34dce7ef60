import { NumberType, type PaymentProvider } from '@numbernest/contracts';
import { updateItem } from '../shared/db';
import { statsCountersItem, type StatsCountersAt } from '../shared/db/items/stats';
import { log } from '../shared/log';
import type { Cents } from '../shared/pricing';
import { utcDay } from '../shared/utc-day';
import { bucketAttribute, bucketOf } from './histogram';
import { countersAt, dayItemSeconds, hourItemSeconds, utcHour } from './keys';

/** What the overview counts, each recorded once its own change has committed. */
export type StatsEvent =
  | { kind: 'top-up'; provider: PaymentProvider; cents: Cents }
  /** A Temporary purchase also counts per service and country (the developer API's top countries). */
  | { kind: 'purchase'; typeId: number; cents: Cents; serviceId?: number; countryId?: number }
  | { kind: 'extension'; cents: Cents }
  /** A rental ended (any way); `refundedCents` when it was refunded. */
  | { kind: 'rental-ended'; typeId: number; refundedCents?: Cents }
  /** An inbound SMS stored: to a renter (`routed`, with the time from receipt to push) or as an orphan. */
  | { kind: 'sms'; routed: boolean; latencyMs?: number };

/** The gauge's attribute of each number type. */
export const gaugeAttribute: Record<number, 'shared' | 'private' | 'temporary'> = {
  [NumberType.Shared]: 'shared',
  [NumberType.Private]: 'private',
  [NumberType.Temporary]: 'temporary',
};

/** Attributes of a day (and hour) item. Top-ups per provider: `topUpN:<provider>`, `topUpCents:<provider>`. */
export const dayAttributes = {
  topUpN: (provider: string) => `topUpN:${provider}`,
  topUpCents: (provider: string) => `topUpCents:${provider}`,
  purchaseN: 'purchaseN',
  purchaseCents: 'purchaseCents',
  temporaryN: (serviceId: number, countryId: number) => `temporaryN:${serviceId}:${countryId}`,
  extensionN: 'extensionN',
  extensionCents: 'extensionCents',
  refundN: 'refundN',
  refundCents: 'refundCents',
  smsIn: 'smsIn',
  smsRouted: 'smsRouted',
} as const;

interface Increment {
  counters: StatsCountersAt;
  add: Record<string, number>;
  /** TTL of the item, epoch seconds (the gauge has none). */
  expiresAt?: number;
}

/** The counter updates of one event. */
export function incrementsOf(event: StatsEvent, at: Date): Increment[] {
  const seconds = Math.floor(at.getTime() / 1000);
  const day = (add: Record<string, number>): Increment => ({ counters: countersAt.day(utcDay(at)), add, expiresAt: seconds + dayItemSeconds });
  const hour = (add: Record<string, number>): Increment => ({ counters: countersAt.hour(utcHour(at)), add, expiresAt: seconds + hourItemSeconds });
  const gauge = (typeId: number, by: number): Increment[] => {
    const name = gaugeAttribute[typeId];
    return name ? [{ counters: countersAt.activeRentals, add: { [name]: by } }] : [];
  };
  const a = dayAttributes;
  switch (event.kind) {
    case 'top-up':
      return [day({ [a.topUpN(event.provider)]: 1, [a.topUpCents(event.provider)]: event.cents })];
    case 'purchase': {
      const perPlace =
        event.typeId === NumberType.Temporary && event.serviceId !== undefined && event.countryId !== undefined
          ? { [a.temporaryN(event.serviceId, event.countryId)]: 1 }
          : {};
      return [day({ [a.purchaseN]: 1, [a.purchaseCents]: event.cents, ...perPlace }), ...gauge(event.typeId, 1)];
    }
    case 'extension':
      return [day({ [a.extensionN]: 1, [a.extensionCents]: event.cents })];
    case 'rental-ended':
      return [...(event.refundedCents === undefined ? [] : [day({ [a.refundN]: 1, [a.refundCents]: event.refundedCents })]), ...gauge(event.typeId, -1)];
    case 'sms': {
      const add: Record<string, number> = { [a.smsIn]: 1, ...(event.routed ? { [a.smsRouted]: 1 } : {}) };
      if (event.latencyMs !== undefined) add[bucketAttribute(bucketOf(event.latencyMs))] = 1;
      return [day(add), hour(add)];
    }
  }
}

/** Counters added to (a missing one counts as 0), the item created by its first count; its TTL set once. */
function update({ counters, add, expiresAt }: Increment) {
  return updateItem(statsCountersItem, counters, { add, ...(expiresAt === undefined ? {} : { expiresAtIfUnset: expiresAt }), ifExists: false });
}

/**
 * Counts an event for the operators' overview: plain counter additions to the day's, the hour's or the
 * gauge's item, sent AFTER the event's own transaction has committed and never inside it (a hot
 * counter item in every purchase's transaction would make concurrent purchases conflict). Best
 * effort: a failure is logged and never fails the customer's request, so it never throws.
 */
export async function recordStats(event: StatsEvent, at = new Date()): Promise<void> {
  const results = await Promise.allSettled(incrementsOf(event, at).map(update));
  for (const result of results) {
    if (result.status === 'rejected') log.error('Stats counter not written', { event: event.kind, error: String(result.reason) });
  }
}
