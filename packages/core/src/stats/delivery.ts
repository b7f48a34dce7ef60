import { readPartition, updateItem } from '../shared/db';
import { deliveryCountersItem, type DeliveryCountersAt } from '../shared/db/items/stats-delivery';
import { log } from '../shared/log';
import type { Cents } from '../shared/pricing';
import { utcDay } from '../shared/utc-day';
import { percentile } from './histogram';
import { lastDays } from './keys';

/**
 * Where a sold activation's number came from: our own inventory, a partner's agent, or an upstream
 * provider. Kept as text in the counters' names, so a new kind of source needs no new item.
 */
export type DeliverySource = 'own' | `agent:${string}` | `upstream:${string}`;

/**
 * What delivery counts, each recorded after its own change commits, on the UTC day of the purchase
 * (`purchasedAt`): so a day's delivered and reported are out of that day's sold, and a rate is a cohort's.
 */
export type DeliveryEvent = { source: DeliverySource; countryId: number; serviceId: number; purchasedAt: string } & (
  | /** `costCents`: what the source costs us for it (an agent's share; our own numbers cost 0 for now; an upstream's price). */
    { kind: 'sold'; priceCents: Cents; costCents: Cents }
    /** The activation's first code reached its renter, `msToCode` after the purchase. */
  | { kind: 'delivered'; msToCode: number }
  /** The renter reported its number (no code, or already used). */
  | { kind: 'reported' }
);

/** Time from purchase to the first code, in buckets (upper bounds in ms; the last is open), added up across days. */
export const codeBucketsMs = [5_000, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 90_000, 120_000, 180_000, 300_000, 600_000, Infinity] as const;

export const codeBucketOf = (ms: number) => codeBucketsMs.findIndex((upper) => Math.max(0, ms) <= upper);

/**
 * Counter names: `<kind>:<source>` (sold, delivered, reported), `priceCents:<source>`,
 * `costCents:<source>` and `code<bucket>:<source>` per source; `<kind>:<serviceId>` on a country's item.
 */
/** The last 30 UTC days are what rates are over; items live a little longer. */
export const deliveryWindowDays = 30;
const itemSeconds = 40 * 86_400;

/** Below this many activations a rate says too little to show (5sim hides it likewise). */
export const minActivationsForRate = 20;

export interface DeliveryIncrement {
  at: DeliveryCountersAt;
  add: Record<string, number>;
}

/** The counter updates of one event: the country's item (per service), the service's (per source) and the all-countries one (per source). */
export function deliveryIncrementsOf(event: DeliveryEvent): DeliveryIncrement[] {
  const day = utcDay(Date.parse(event.purchasedAt));
  const { kind, source, countryId, serviceId } = event;
  const perSource: Record<string, number> = { [`${kind}:${source}`]: 1 };
  if (kind === 'sold') Object.assign(perSource, { [`priceCents:${source}`]: event.priceCents, [`costCents:${source}`]: event.costCents });
  if (kind === 'delivered') perSource[`code${codeBucketOf(event.msToCode)}:${source}`] = 1;
  return [
    { at: { day, countryId }, add: { [`${kind}:${serviceId}`]: 1 } },
    { at: { day, countryId, serviceId }, add: perSource },
    { at: { day }, add: perSource },
  ];
}

/**
 * Counts a sold, delivered or reported activation: plain additions, sent AFTER the event's own
 * transaction has committed, never inside it (a country's day item is hot). Best effort: a failure is
 * logged, never thrown.
 */
export async function recordDelivery(event: DeliveryEvent, now = new Date()): Promise<void> {
  const expiresAt = Math.floor(now.getTime() / 1000) + itemSeconds;
  const results = await Promise.allSettled(
    deliveryIncrementsOf(event).map(({ at, add }) => updateItem(deliveryCountersItem, at, { add, expiresAtIfUnset: expiresAt, ifExists: false })),
  );
  for (const result of results) {
    if (result.status === 'rejected') log.error('Delivery counter not written', { event: event.kind, error: String(result.reason) });
  }
}

type Counters = Record<string, unknown>;

/** The last 30 days' items of one partition (at most 30 small items: the day is the sort key). */
async function lastMonth(at: Omit<DeliveryCountersAt, 'day'>, now: Date): Promise<Counters[]> {
  const days = lastDays(now, deliveryWindowDays);
  return readPartition(deliveryCountersItem, { ...at, day: days[0]! }, { skFrom: `DAY#${days[0]}`, skTo: `DAY#${days[days.length - 1]}` });
}

/** Each name's counter added up over the items, by the part of the name after `<counter>:`. */
function sums(items: readonly Counters[], counter: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (typeof value !== 'number' || !name.startsWith(`${counter}:`)) continue;
      const of = name.slice(counter.length + 1);
      totals.set(of, (totals.get(of) ?? 0) + value);
    }
  }
  return totals;
}

/** Delivered out of sold, or null below `minActivationsForRate`. */
export function deliveryRate(activations: number, delivered: number): number | null {
  if (activations < minActivationsForRate) return null;
  return Math.min(1, delivered / activations);
}

/** The median time to the first code from its bucket counts; null without samples. */
export const medianOf = (counts: readonly number[]) => percentile(counts, 0.5, codeBucketsMs);

export interface ServiceDelivery {
  serviceId: number;
  activations: number;
  delivered: number;
  /** Delivered out of activations (0..1); null below 20 activations. */
  rate: number | null;
}

/** Per service of a country, over every source, the last 30 days: ONE Query of the country's day items. */
export async function deliveryRates(countryId: number, now = new Date()): Promise<ServiceDelivery[]> {
  const items = await lastMonth({ countryId }, now);
  const sold = sums(items, 'sold');
  const delivered = sums(items, 'delivered');
  return [...sold].map(([service, activations]) => {
    const got = delivered.get(service) ?? 0;
    return { serviceId: Number(service), activations, delivered: got, rate: deliveryRate(activations, got) };
  });
}

export interface SourceDelivery {
  source: DeliverySource;
  activations: number;
  delivered: number;
  reported: number;
  rate: number | null;
  /** Median time from purchase to the first code; null before any code. */
  medianMsToCode: number | null;
  /** What an activation sold through it earned us on average (price − the source's cost), whole cents. */
  marginCents: number;
}

function bySource(items: readonly Counters[]): SourceDelivery[] {
  const sold = sums(items, 'sold');
  const delivered = sums(items, 'delivered');
  const reported = sums(items, 'reported');
  const price = sums(items, 'priceCents');
  const cost = sums(items, 'costCents');
  const sources = new Set([...sold.keys(), ...delivered.keys(), ...reported.keys()]);
  return [...sources].map((source) => {
    const activations = sold.get(source) ?? 0;
    const got = delivered.get(source) ?? 0;
    const buckets = codeBucketsMs.map((_, i) => items.reduce((sum, item) => sum + Number(item[`code${i}:${source}`] ?? 0), 0));
    return {
      source: source as DeliverySource,
      activations,
      delivered: got,
      reported: reported.get(source) ?? 0,
      rate: deliveryRate(activations, got),
      medianMsToCode: medianOf(buckets),
      marginCents: activations ? Math.round(((price.get(source) ?? 0) - (cost.get(source) ?? 0)) / activations) : 0,
    };
  });
}

/** Per source of one country's service, the last 30 days (for the router): ONE Query of the service's day items. */
export async function sourceDelivery(countryId: number, serviceId: number, now = new Date()): Promise<SourceDelivery[]> {
  return bySource(await lastMonth({ countryId, serviceId }, now));
}

/** Per source over every country and service, the last 30 days (for the console): ONE Query of the all-countries day items. */
export async function deliveryBySource(now = new Date()): Promise<SourceDelivery[]> {
  return bySource(await lastMonth({}, now));
}
