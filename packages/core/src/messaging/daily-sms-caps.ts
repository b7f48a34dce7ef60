/**
 * Start Chat's daily caps: the per-account counter of segments and destinations for the UTC day,
 * counted inside the payment's transaction, and the 429 that says which cap refused a send.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '../shared/db';
import { ConflictError, RateLimitedError } from '../shared/errors';
import { secondsToUtcMidnight, utcDay } from '../shared/utc-day';
import { messageKeys } from './keys';
import { smsDailyDestinationCap, smsDailySegmentCap } from '../shared/sms-tariff';

/**
 * The caller's Start Chat day (UTC) in the debit's own transaction: `n` segments and the set of
 * destinations, added only if the segments stay within `smsDailySegmentCap` and the destination is
 * known today or still fits `smsDailyDestinationCap`. One conditional update of one item, so
 * concurrent sends can never count past a cap (a read-then-write could). Refused or failed sends
 * stay counted: a script probing numbers spends its own allowance.
 */
export function countSentToday(sub: string, now: Date, to: string, segments: number): TransactItem {
  const dayEnd = Math.floor(now.getTime() / 1000) + secondsToUtcMidnight(now);
  return {
    Update: {
      TableName: tableName(),
      Key: messageKeys.sentDay(sub, utcDay(now)),
      UpdateExpression: 'ADD n :segments, dests :dest SET expiresAt = if_not_exists(expiresAt, :ttl)',
      ConditionExpression: 'attribute_not_exists(n) OR (n <= :room AND (contains(dests, :to) OR size(dests) < :destinations))',
      ExpressionAttributeValues: {
        ':segments': segments,
        ':dest': new Set([to]),
        ':to': to,
        ':room': smsDailySegmentCap - segments,
        ':destinations': smsDailyDestinationCap,
        ':ttl': dayEnd + 2 * 24 * 3600,
      },
    },
  };
}

/** The 429 for a send the day's counter refused: which cap, read back (nothing was counted). */
export async function overDailyCap(sub: string, now: Date, to: string, segments: number): Promise<Error> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: messageKeys.sentDay(sub, utcDay(now)), ConsistentRead: true }));
  const used = (Item?.n as number | undefined) ?? 0;
  const retryAfter = secondsToUtcMidnight(now);
  if (used + segments > smsDailySegmentCap) {
    const left = Math.max(0, smsDailySegmentCap - used);
    return new RateLimitedError(
      `Start Chat sends at most ${smsDailySegmentCap} SMS a day per account; ${left} left today and this message is ${segments}. The count starts again at midnight UTC.`,
      retryAfter,
      'SMS_DAILY_CAP',
      { cap: smsDailySegmentCap, left, segments },
    );
  }
  const known = (Item?.dests as Set<string> | undefined)?.has(to) ?? false;
  if (known) return new ConflictError('The daily SMS count changed meanwhile; try again', 'CONCURRENT_CHANGE');
  return new RateLimitedError(
    `Start Chat writes to at most ${smsDailyDestinationCap} different numbers a day per account. Today's numbers can still be written to; a new one from midnight UTC.`,
    retryAfter,
    'SMS_DESTINATION_CAP',
    { cap: smsDailyDestinationCap },
  );
}
