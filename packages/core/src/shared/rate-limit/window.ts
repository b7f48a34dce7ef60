import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from '../db';
import type { ErrorCode } from '@numbernest/contracts';
import { RateLimitedError } from '../errors';

/** At most `limit` requests per `windowSeconds` for one subject (an IP, an API key) of one scope (a route). */
export interface RateLimit {
  scope: string;
  limit: number;
  windowSeconds: number;
  /** What the 429 says, and its code (RATE_LIMITED when none more precise); the code's params are `{ limit }`. */
  message: string;
  code?: ErrorCode;
}

const refusalOf = (limit: RateLimit, retryAfterSeconds: number) =>
  new RateLimitedError(limit.message, retryAfterSeconds, limit.code ?? 'RATE_LIMITED', { limit: limit.limit });

export interface RateCount {
  allowed: boolean;
  /** Seconds until the current window ends (Retry-After). */
  retryAfterSeconds: number;
}

/** A subject is stored only as a short hash: the counter needs no IP address in the table. */
const hashed = (subject: string) => createHash('sha256').update(subject).digest('hex').slice(0, 16);

export const rateKey = (limit: RateLimit, subject: string, windowStart: number) => ({
  pk: `RATE#${limit.scope}#${hashed(subject)}#${windowStart}`,
  sk: 'RATE',
});

/** The fixed window `now` falls in: its start (epoch s) and the seconds until it ends (Retry-After). */
function windowOf(limit: RateLimit, now: number) {
  const second = Math.floor(now / 1000);
  const windowStart = second - (second % limit.windowSeconds);
  const windowEnd = windowStart + limit.windowSeconds;
  return { windowStart, windowEnd, retryAfterSeconds: Math.max(1, windowEnd - second) };
}

/**
 * The counter's update for one more use in the subject's window: `ADD n 1` conditioned on
 * `n < limit`, so concurrent writers can never count past the limit (unless `enforce` is false: a
 * use that cannot be refused still counts). The item expires (TTL) a minute after its window.
 */
function countUpdate(limit: RateLimit, subject: string, now: number, enforce = true) {
  const { windowStart, windowEnd } = windowOf(limit, now);
  return {
    TableName: tableName(),
    Key: rateKey(limit, subject, windowStart),
    UpdateExpression: 'ADD n :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
    ...(enforce ? { ConditionExpression: 'attribute_not_exists(n) OR n < :limit' } : {}),
    ExpressionAttributeValues: { ':one': 1, ':ttl': windowEnd + 60, ...(enforce ? { ':limit': limit.limit } : {}) },
  };
}

/**
 * Counts one request in the subject's fixed window, shared by every Lambda (a refused request is
 * not counted).
 */
export async function countRequest(limit: RateLimit, subject: string, now = Date.now()): Promise<RateCount> {
  const { retryAfterSeconds } = windowOf(limit, now);
  try {
    await db.send(new UpdateCommand(countUpdate(limit, subject, now)));
    return { allowed: true, retryAfterSeconds };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { allowed: false, retryAfterSeconds };
    throw error;
  }
}

/**
 * The same count as a transaction item, for uses that must count only when they happen (a
 * purchase, a refund): the use and its count commit together or not at all. When the item's
 * condition fails, `refusal()` is the 429 to answer; with `enforce: false` it has none (an
 * automatic refund counts, and is never refused).
 */
export function countInTransaction(
  limit: RateLimit,
  subject: string,
  now = Date.now(),
  { enforce = true }: { enforce?: boolean } = {},
): { item: TransactItem; refusal: () => RateLimitedError } {
  return {
    item: { Update: countUpdate(limit, subject, now, enforce) },
    refusal: () => refusalOf(limit, windowOf(limit, now).retryAfterSeconds),
  };
}

/** countRequest, throwing RateLimitedError (429 with Retry-After) above the limit. */
export async function requireWithinLimit(limit: RateLimit, subject: string, now = Date.now()): Promise<void> {
  const { allowed, retryAfterSeconds } = await countRequest(limit, subject, now);
  if (!allowed) throw refusalOf(limit, retryAfterSeconds);
}
