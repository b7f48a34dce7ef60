/**
 * Start Chat's daily caps: the per-account counter of segments and destinations for the UTC day,
 * counted inside the payment's transaction, and the 429 that says which cap refused a send.
 */
import { txUpdate, type TransactPart } from '../shared/db';
import { sentDayItem } from '../shared/db/items/messaging';
import { ConflictError, RateLimitedError } from '../shared/errors';
import { secondsToUtcMidnight, utcDay } from '../shared/utc-day';
import { smsDailyDestinationCap, smsDailySegmentCap } from '../shared/sms-tariff';

/**
 * The caller's Start Chat day (UTC) in the debit's own transaction: `segments` added and the
 * destination noted, only if the segments stay within `smsDailySegmentCap` and the destination is
 * known today or still fits `smsDailyDestinationCap`. One conditional update of one item, so
 * concurrent sends can never count past a cap (a read-then-write could). Refused or failed sends
 * stay counted: a script probing numbers spends its own allowance. A refusal is the 429 naming the cap.
 */
export function countSentToday(sub: string, now: Date, to: string, segments: number): TransactPart {
  const dayEnd = Math.floor(now.getTime() / 1000) + secondsToUtcMidnight(now);
  return txUpdate(
    sentDayItem,
    { sub, day: utcDay(now) },
    {
      add: { n: segments },
      addToSet: { dests: new Set([to]) },
      expiresAtIfUnset: dayEnd + 2 * 24 * 3600,
      ifExists: false,
      when: {
        anyOf: [
          { n: { absent: true } },
          { n: { atMost: smsDailySegmentCap - segments }, anyOf: [{ dests: { contains: to } }, { dests: { sizeLessThan: smsDailyDestinationCap } }] },
        ],
      },
      onConditionFailed: (day) => overDailyCap(day, now, to, segments),
    },
  );
}

/** The 429 for a send the day's counter refused, given the counter as it is (nothing was counted): which cap. */
function overDailyCap(day: { n: number; dests: Set<string> } | undefined, now: Date, to: string, segments: number): Error {
  const used = day?.n ?? 0;
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
  if (day?.dests.has(to)) return new ConflictError('The daily SMS count changed meanwhile; try again', 'CONCURRENT_CHANGE');
  return new RateLimitedError(
    `Start Chat writes to at most ${smsDailyDestinationCap} different numbers a day per account. Today's numbers can still be written to; a new one from midnight UTC.`,
    retryAfter,
    'SMS_DESTINATION_CAP',
    { cap: smsDailyDestinationCap },
  );
}
