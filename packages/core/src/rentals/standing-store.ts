import type { Standing } from '@numbernest/contracts';
import { readItem, txUpdate, withoutKeys, type Conditions, type TransactItem, type TransactPart } from '../shared/db';
import type * as z from 'zod/mini';
import { standingItem } from '../shared/db/items/standing';
import type { RentalItem } from './items';
import { deliveredAttribute, heldAttribute, standingOf, unusedAttribute, type StandingCounters } from './standing';

/** What a purchase takes of the account's holding allowance (standing-allowance.ts decides it). */
export interface HoldingAllowance {
  slice: string;
  holdLimit: number;
  sliceLimit: number;
  /** Counters to drop in the same write (outcomes out of the window, slices held no more). */
  stale: string[];
}

/**
 * An account's standing item (`USER#<sub>` / `STANDING`, keys: docs/access-patterns.md): its reads
 * and its share of the transactions that count a purchase, an end and a first SMS. Small on purpose:
 * the SMS path imports it.
 */
export const standingKey = (sub: string) => standingItem.key({ sub });

export async function readStandingCounters(sub: string): Promise<StandingCounters | undefined> {
  const item = await readItem(standingItem, { sub }, { consistent: true });
  return item && withoutKeys(item);
}

export async function getStanding(sub: string, now = new Date()): Promise<Standing> {
  return standingOf(await readStandingCounters(sub), now);
}

type StandingCounts = z.infer<typeof standingItem.schema>;

/** Unconditioned: it never fails on its own. */
const never = () => new Error('An unconditioned standing count failed its condition');

/**
 * The purchase's share of its transaction: one more number held, in all and in its slice, only
 * while both stay within the allowance (concurrent purchases cannot pass it), and the counters
 * that went stale dropped. `refused` when the allowance is used up.
 */
export function holdTake(sub: string, allowance: HoldingAllowance, refused: () => Error): TransactPart {
  const slice = heldAttribute(allowance.slice);
  return txUpdate(
    standingItem,
    { sub },
    {
      add: { held: 1, [slice]: 1 },
      remove: allowance.stale,
      // Typed as the counters' conditions: their names are open (a catchall), which TypeScript would also ask of `allOf`.
      when: {
        allOf: [
          { anyOf: [{ held: { absent: true } }, { held: { lessThan: allowance.holdLimit } }] },
          { anyOf: [{ [slice]: { absent: true } }, { [slice]: { lessThan: allowance.sliceLimit } }] },
        ],
      } as Conditions<StandingCounts>,
      ifExists: false,
      onConditionFailed: refused,
    },
  );
}

/**
 * The end's share of its transaction: the number no longer held (when its purchase counted it), and
 * an unused refund counted against the account's standing. Undefined when there is nothing to count.
 */
export function holdRelease(rental: RentalItem, unusedRefund: boolean, now: Date): TransactItem | undefined {
  const add: Record<string, number> = {
    ...(rental.heldSlice ? { held: -1, [heldAttribute(rental.heldSlice)]: -1 } : {}),
    ...(unusedRefund ? { [unusedAttribute(now)]: 1 } : {}),
  };
  if (!Object.keys(add).length) return undefined;
  return txUpdate(standingItem, { sub: rental.sub }, { add, ifExists: false, onConditionFailed: never }).request;
}

/** A rental's first SMS, counted for its renter's standing in the SMS's own transaction. */
export function deliveredCount(sub: string, now: Date): TransactItem {
  return txUpdate(standingItem, { sub }, { add: { [deliveredAttribute(now)]: 1 }, ifExists: false, onConditionFailed: never }).request;
}
