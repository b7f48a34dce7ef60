import { NumberType, standingFigures } from '@numbernest/contracts';
import { availableCount } from '../catalogue';
import { readPage } from '../shared/db';
import { rentalItem, rentalPrefix } from '../shared/db/items/rentals';
import { RateLimitedError } from '../shared/errors';
import type { RentalItem } from './items';
import { heldAttribute, heldIn, sliceLimit, sliceOf, staleOutcomeAttributes, standingOf, type StandingCounters } from './standing';
import type { HoldingAllowance } from './standing-store';

/**
 * Whether the account may take one more number of this kind now: paused, at its holding limit or at
 * its share of the slice is a RateLimitedError (429; Retry-After when it may lift at the latest).
 * The slice's free numbers are counted only when the account already holds its floor there, so a
 * customer's first numbers of a kind cost no read.
 */
export async function allowanceFor(
  sub: string,
  counters: StandingCounters | undefined,
  wanted: Pick<RentalItem, 'typeId' | 'countryId' | 'serviceId'>,
  now: Date,
): Promise<HoldingAllowance & { closeRefund: boolean }> {
  const standing = standingOf(counters, now);
  if (standing.tier === 'paused') {
    const until = Date.parse(standing.paused_until!);
    throw new RateLimitedError(
      `Purchases are paused until ${standing.paused_until}: ${standing.unused} of your recent numbers were refunded without an SMS`,
      secondsUntil(until, now),
      'STANDING_PAUSED',
      { until: standing.paused_until!, unused: standing.unused, delivered: standing.delivered },
    );
  }
  if (standing.held >= standing.hold_limit) {
    throw new RateLimitedError(
      `You hold ${standing.held} numbers, the most your account may hold at once; one must end before you buy another`,
      await secondsUntilOneEnds(sub, now),
      'HOLDING_LIMIT',
      { limit: standing.hold_limit },
    );
  }
  const slice = sliceOf(wanted);
  const heldThere = heldIn(counters, slice);
  let limit: number = standingFigures.sliceFloor;
  if (heldThere >= standingFigures.sliceFloor) {
    limit = sliceLimit(heldThere, await freeInSlice(wanted));
    if (heldThere >= limit) {
      throw new RateLimitedError(
        `You hold ${heldThere} of these numbers, the most one account may while others want them too; choose another country or service, or wait until one ends`,
        await secondsUntilOneEnds(sub, now, wanted),
        'SLICE_SHARE_LIMIT',
        { limit },
      );
    }
  }
  const emptySlices = Object.entries(counters ?? {}).filter(([name, value]) => name.startsWith('held:') && value === 0 && name !== heldAttribute(slice));
  return {
    slice,
    holdLimit: standing.hold_limit,
    sliceLimit: limit,
    stale: [...staleOutcomeAttributes(counters, now), ...emptySlices.map(([name]) => name)],
    closeRefund: standing.close_refunds,
  };
}

/** Counts of a slice's free numbers under way: concurrent purchases of one slice share one count. */
const counting = new Map<string, Promise<number>>();

function freeInSlice(wanted: Pick<RentalItem, 'typeId' | 'countryId' | 'serviceId'>): Promise<number> {
  const slice = sliceOf(wanted);
  let count = counting.get(slice);
  if (!count) {
    count = availableCount(wanted.countryId, wanted.typeId, wanted.typeId === NumberType.Private ? undefined : wanted.serviceId).finally(() =>
      counting.delete(slice),
    );
    counting.set(slice, count);
  }
  return count;
}

const secondsUntil = (ms: number, now: Date) => Math.max(1, Math.ceil((ms - now.getTime()) / 1000));

/** Rentals looked at to find when one ends (newest first: activations, the short ones, come first). */
const endLookBudget = 200;

/**
 * Seconds until the soonest end among the account's active rentals (of one slice, when given):
 * when a holding limit lifts at the latest. Only read when a purchase is refused.
 */
async function secondsUntilOneEnds(sub: string, now: Date, slice?: Pick<RentalItem, 'typeId' | 'countryId' | 'serviceId'>): Promise<number> {
  // One Query of the newest `endLookBudget` (a filter would read the same ones), the active ones of the slice kept here.
  const { items } = await readPage(rentalItem, { sub, id: '' }, endLookBudget, undefined, { skPrefix: rentalPrefix, descending: true });
  const ofSlice = items.filter(
    (rental) =>
      rental.status === 'active' &&
      (!slice ||
        (rental.typeId === slice.typeId && rental.countryId === slice.countryId && (slice.serviceId === undefined || rental.serviceId === slice.serviceId))),
  );
  const ends = ofSlice.map((rental) => Date.parse(rental.expiresAt)).filter(Number.isFinite);
  return ends.length ? secondsUntil(Math.min(...ends), now) : 3600;
}

/**
 * The refusal of an account's share of a slice: for the client there is no number there now, while
 * others may buy the rest (the developer API's NO_NUMBERS, not BANNED).
 */
export const sliceShareRefused = (error: unknown) => error instanceof RateLimitedError && error.code === 'SLICE_SHARE_LIMIT';
