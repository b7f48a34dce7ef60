import { bucketKey, takeToken as take, type TokenBucket } from '../rate-limit/bucket';

/**
 * Per-key request limit: a token bucket (rate-limit/bucket.ts), `requestsPerSecond` sustained with
 * bursts of `burst`, so a script that fires a batch of calls after a pause is served while a loop is
 * held to the rate. Above it the answer is `ERROR_RATE_LIMIT` (HTTP 200, like every answer of the
 * protocol). One conditional write a request, shared by every Lambda instance.
 */

/** A poller needs ~1-10/s; 20/s sustained with bursts of 60 serves a script's batch and stops a loop. */
export const requestsPerSecond = 20;
export const burst = 60;
export const perKeyBucket: TokenBucket = { requestsPerSecond, burst };

export { bucketKey, type TokenBucket };

/** One token of the subject's bucket at `now` (ms), the per-key figures unless others are given (tests): true when served. */
export const takeToken = (subject: string, now = Date.now(), bucket: TokenBucket = perKeyBucket) => take(subject, bucket, now);

/** True when this request is within the key's limit (and counts it). */
export async function withinRateLimit(keyHash: string, now = Date.now()): Promise<boolean> {
  return takeToken(keyHash, now);
}
