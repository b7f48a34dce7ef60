import { createHash } from 'node:crypto';
import { txUpdate, updateItem, type TransactPart } from '../db/item';
import { rateWindowItem } from '../db/items/shared';
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

const windowItemKey = (limit: RateLimit, subject: string, windowStart: number) => ({ scope: limit.scope, subjectHash: hashed(subject), windowStart });
export const rateKey = (limit: RateLimit, subject: string, windowStart: number) => rateWindowItem.key(windowItemKey(limit, subject, windowStart));

/** The fixed window `now` falls in: its start (epoch s) and the seconds until it ends (Retry-After). */
function windowOf(limit: RateLimit, now: number) {
  const second = Math.floor(now / 1000);
  const windowStart = second - (second % limit.windowSeconds);
  const windowEnd = windowStart + limit.windowSeconds;
  return { windowStart, windowEnd, retryAfterSeconds: Math.max(1, windowEnd - second) };
}

/**
 * The counter's change for one more use in the subject's window: `n` plus 1 only while `n` is under
 * the limit, so concurrent writers can never count past it (unless `enforce` is false: a use that
 * cannot be refused still counts). The item expires (TTL) a minute after its window.
 */
function countChange(limit: RateLimit, now: number, enforce: boolean) {
  const { windowEnd } = windowOf(limit, now);
  return {
    add: { n: 1 },
    expiresAtIfUnset: windowEnd + 60,
    ifExists: false,
    ...(enforce ? { when: { anyOf: [{ n: { absent: true as const } }, { n: { lessThan: limit.limit } }] } } : {}),
  };
}

/**
 * Counts one request in the subject's fixed window, shared by every Lambda (a refused request is
 * not counted).
 */
export async function countRequest(limit: RateLimit, subject: string, now = Date.now()): Promise<RateCount> {
  const { windowStart, retryAfterSeconds } = windowOf(limit, now);
  const counted = await updateItem(rateWindowItem, windowItemKey(limit, subject, windowStart), countChange(limit, now, true));
  return { allowed: counted !== undefined, retryAfterSeconds };
}

/**
 * The same count as a transaction's part, for uses that must count only when they happen (a
 * purchase, a refund): the use and its count commit together or not at all, and a refused count
 * fails the transaction with the 429 to answer. With `enforce: false` it is never refused (an
 * automatic refund counts).
 */
export function countInTransaction(limit: RateLimit, subject: string, now = Date.now(), { enforce = true }: { enforce?: boolean } = {}): TransactPart {
  const { windowStart, retryAfterSeconds } = windowOf(limit, now);
  return txUpdate(rateWindowItem, windowItemKey(limit, subject, windowStart), {
    ...countChange(limit, now, enforce),
    onConditionFailed: () => refusalOf(limit, retryAfterSeconds),
  });
}

/** countRequest, throwing RateLimitedError (429 with Retry-After) above the limit. */
export async function requireWithinLimit(limit: RateLimit, subject: string, now = Date.now()): Promise<void> {
  const { allowed, retryAfterSeconds } = await countRequest(limit, subject, now);
  if (!allowed) throw refusalOf(limit, retryAfterSeconds);
}
