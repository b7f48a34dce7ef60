import { NumberType, standingFigures as figures, type Standing, type StandingTier } from '@numbernest/contracts';
import type { RentalItem } from './items';

/**
 * An account's standing (pure): its counters as stored on its STANDING item, read into the tier,
 * the holding limits and whether a refund window comes with a purchase. The figures and what they
 * mean: `standingFigures` in @numbernest/contracts; the reasons: decision 0014.
 *
 * The counters, all numbers on one item, so one read gives everything a purchase decides with:
 * - `held`: the account's active rentals counted when bought; `held:<slice>` the same per slice;
 * - `delivered:<UTC day>`: its numbers that received their first SMS that day;
 * - `unused:<UTC day>`: its numbers refunded that day without having received one.
 */
export type StandingCounters = Record<string, unknown>;

const dayMs = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const deliveredAttribute = (now: Date) => `delivered:${dayOf(now.getTime())}`;
export const unusedAttribute = (now: Date) => `unused:${dayOf(now.getTime())}`;
export const heldAttribute = (slice: string) => `held:${slice}`;

/**
 * What a country offers for one service (of one number type), or its Private numbers: the part of
 * the inventory no account may hold more than a share of.
 */
export const sliceOf = (rental: Pick<RentalItem, 'typeId' | 'countryId' | 'serviceId'>) =>
  `${rental.typeId}:${rental.countryId}:${rental.typeId === NumberType.Private ? 'all' : rental.serviceId}`;

const count = (counters: StandingCounters, name: string) => {
  const value = counters[name];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0;
};

/** Delivered and unused numbers over the `windowDays` UTC days that end with the day of `lastDayMs`. */
function outcomes(counters: StandingCounters, lastDayMs: number): { delivered: number; unused: number } {
  let delivered = 0;
  let unused = 0;
  for (let back = 0; back < figures.windowDays; back++) {
    const day = dayOf(lastDayMs - back * dayMs);
    delivered += count(counters, `delivered:${day}`);
    unused += count(counters, `unused:${day}`);
  }
  return { delivered, unused };
}

export function tierOf({ delivered, unused }: { delivered: number; unused: number }): StandingTier {
  const rate = delivered + unused === 0 ? 1 : delivered / (delivered + unused);
  if (unused >= figures.paused.unusedAtLeast && rate < figures.paused.rateBelow) return 'paused';
  if (unused >= figures.limited.unusedAtLeast && rate < figures.limited.rateBelow) return 'limited';
  if (delivered >= figures.trusted.deliveredAtLeast && rate >= figures.trusted.rateAtLeast) return 'trusted';
  return 'standard';
}

/**
 * When a paused account may buy again with nothing new happening: the first UTC midnight after
 * which the outcomes still in the window no longer pause it.
 */
function pausedUntil(counters: StandingCounters, now: Date): string {
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00.000Z`);
  for (let ahead = 1; ahead <= figures.windowDays; ahead++) {
    const day = today + ahead * dayMs;
    if (tierOf(outcomes(counters, day)) !== 'paused') return new Date(day).toISOString();
  }
  return new Date(today + figures.windowDays * dayMs).toISOString();
}

/** The standing the API shows and a purchase decides with. */
export function standingOf(counters: StandingCounters | undefined, now: Date): Standing {
  const stored = counters ?? {};
  const { delivered, unused } = outcomes(stored, now.getTime());
  const tier = tierOf({ delivered, unused });
  return {
    tier,
    delivered,
    unused,
    window_days: figures.windowDays,
    success_rate: delivered + unused === 0 ? null : Math.round((100 * delivered) / (delivered + unused)),
    held: count(stored, 'held'),
    hold_limit: figures.holdLimits[tier],
    close_refunds: tier !== 'limited' && tier !== 'paused',
    paused_until: tier === 'paused' ? pausedUntil(stored, now) : null,
  };
}

/** How many numbers of one slice the account may hold, given what it holds there and what is still free. */
export const sliceLimit = (heldInSlice: number, freeInSlice: number) =>
  Math.max(figures.sliceFloor, Math.floor((heldInSlice + freeInSlice) * figures.sliceShare));

export const heldIn = (counters: StandingCounters | undefined, slice: string) => count(counters ?? {}, heldAttribute(slice));

/** The day counters that have left the window (a purchase removes them, so the item stays small). */
export function staleOutcomeAttributes(counters: StandingCounters | undefined, now: Date): string[] {
  const oldest = dayOf(now.getTime() - (figures.windowDays - 1) * dayMs);
  return Object.keys(counters ?? {}).filter((name) => /^(?:delivered|unused):\d{4}-\d\d-\d\d$/.test(name) && name.slice(name.indexOf(':') + 1) < oldest);
}
