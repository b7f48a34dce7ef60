import { NumberType, standingFigures, type Standing } from '@numbernest/contracts';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { availableCount } from '../catalog/picker';
import { db, tableName, withoutKeys, type TransactItem } from '../db';
import { RateLimitedError } from '../errors';
import { userPartition } from '../user/keys';
import type { RentalItem } from './items';
import { rentalKeys } from './keys';
import {
  deliveredAttribute,
  heldAttribute,
  heldIn,
  sliceLimit,
  sliceOf,
  staleOutcomeAttributes,
  standingOf,
  unusedAttribute,
  type StandingCounters,
} from './standing';

/** Keys: docs/access-patterns.md. */
export const standingKey = (sub: string) => ({ pk: userPartition(sub), sk: 'STANDING' });

export async function readStandingCounters(sub: string): Promise<StandingCounters | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: standingKey(sub), ConsistentRead: true }));
  return Item && withoutKeys(Item);
}

export async function getStanding(sub: string, now = new Date()): Promise<Standing> {
  return standingOf(await readStandingCounters(sub), now);
}

/** What a purchase may take: at most `holdLimit` numbers in all and `sliceLimit` in its slice. */
export interface HoldingAllowance {
  slice: string;
  holdLimit: number;
  sliceLimit: number;
  /** Counters to drop in the same write (outcomes out of the window, slices held no more). */
  stale: string[];
}

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
  const filters = [
    '#status = :active',
    ...(slice ? ['typeId = :type', 'countryId = :country', ...(slice.serviceId === undefined ? [] : ['serviceId = :service'])] : []),
  ];
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: filters.join(' AND '),
      ProjectionExpression: 'expiresAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': userPartition(sub),
        ':prefix': rentalKeys.prefix,
        ':active': 'active',
        ...(slice ? { ':type': slice.typeId, ':country': slice.countryId, ...(slice.serviceId === undefined ? {} : { ':service': slice.serviceId }) } : {}),
      },
      ScanIndexForward: false,
      Limit: endLookBudget,
    }),
  );
  const ends = (page.Items ?? []).map((item) => Date.parse(String(item.expiresAt))).filter(Number.isFinite);
  return ends.length ? secondsUntil(Math.min(...ends), now) : 3600;
}

const names = (attributes: string[], prefix: string) => Object.fromEntries(attributes.map((name, i) => [`#${prefix}${i}`, name]));

/**
 * The purchase's share of its transaction: one more number held, in all and in its slice, only
 * while both stay within the allowance (concurrent purchases cannot pass it), and the counters
 * that went stale dropped.
 */
export function holdTake(sub: string, allowance: HoldingAllowance): TransactItem {
  const stale = names(allowance.stale, 'stale');
  return {
    Update: {
      TableName: tableName(),
      Key: standingKey(sub),
      UpdateExpression: `ADD held :one, #slice :one${allowance.stale.length ? ` REMOVE ${Object.keys(stale).join(', ')}` : ''}`,
      ConditionExpression: '(attribute_not_exists(held) OR held < :holdLimit) AND (attribute_not_exists(#slice) OR #slice < :sliceLimit)',
      ExpressionAttributeNames: { '#slice': heldAttribute(allowance.slice), ...stale },
      ExpressionAttributeValues: { ':one': 1, ':holdLimit': allowance.holdLimit, ':sliceLimit': allowance.sliceLimit },
    },
  };
}

/**
 * The end's share of its transaction: the number no longer held (when its purchase counted it), and
 * an unused refund counted against the account's standing. Undefined when there is nothing to count.
 */
export function holdRelease(rental: RentalItem, unusedRefund: boolean, now: Date): TransactItem | undefined {
  const adds: string[] = [];
  const attributeNames: Record<string, string> = {};
  const values: Record<string, number> = {};
  if (rental.heldSlice) {
    adds.push('held :less', '#slice :less');
    attributeNames['#slice'] = heldAttribute(rental.heldSlice);
    values[':less'] = -1;
  }
  if (unusedRefund) {
    adds.push('#unused :one');
    attributeNames['#unused'] = unusedAttribute(now);
    values[':one'] = 1;
  }
  if (!adds.length) return undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: standingKey(rental.sub),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/** A rental's first SMS, counted for its renter's standing in the SMS's own transaction. */
export function deliveredCount(sub: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: standingKey(sub),
      UpdateExpression: 'ADD #delivered :one',
      ExpressionAttributeNames: { '#delivered': deliveredAttribute(now) },
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}
