import { bucketKey, knownEmpty, takeToken as take, type TokenBucket } from '../../shared/rate-limit/bucket';

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

/**
 * Wrong keys per client address (API Gateway's sourceIp): a bucket charged only when a key turns
 * out wrong. A person with a mistyped key sends a few; 30 at once, then one every 10 seconds,
 * stops a script guessing keys or hammering with a revoked one, whose every wrong key costs a
 * read. Once an address has spent it, every request from it is `ERROR_RATE_LIMIT` until a token
 * is back, a right key included.
 */
export const failedKeyBucket: TokenBucket = { requestsPerSecond: 0.1, burst: 30 };

const failedKeySubject = (address: string) => `handler-api-failed-key:${address}`;

/**
 * True when this instance knows the address has no failed key left: answered before the key is
 * read, so a flood from it costs nothing once an instance has seen its bucket empty.
 */
export const failedKeysSpent = (address: string, now = Date.now()) => knownEmpty(failedKeySubject(address), failedKeyBucket, now);

/** Charges one wrong key to the address: true while within its allowance (answer BAD_KEY), false past it. */
export const chargeFailedKey = (address: string, now = Date.now()) => take(failedKeySubject(address), failedKeyBucket, now);
