import type { Standing } from '@numbernest/contracts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, withoutKeys, type TransactItem } from '../shared/db';
import { userPartition } from '../accounts';
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
export const standingKey = (sub: string) => ({ pk: userPartition(sub), sk: 'STANDING' });

export async function readStandingCounters(sub: string): Promise<StandingCounters | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: standingKey(sub), ConsistentRead: true }));
  return Item && withoutKeys(Item);
}

export async function getStanding(sub: string, now = new Date()): Promise<Standing> {
  return standingOf(await readStandingCounters(sub), now);
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
