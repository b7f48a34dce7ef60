import { protocolAnswers } from '@numbernest/contracts/handler-api';
import { countRequest, type RateLimit } from '../rate-limit';

/**
 * Per-key request limit, counted by the shared fixed-window counter (core/rate-limit): 20
 * requests per second per key (a poller needs ~10/s for getStatus); above it the answer is
 * `ERROR_RATE_LIMIT` (HTTP 200, like every answer of the protocol).
 */
export const requestsPerSecond = 20;

export const perKeyLimit: RateLimit = { scope: 'handler-api', limit: requestsPerSecond, windowSeconds: 1, message: protocolAnswers.rateLimit };

/** True when this request is within the key's limit (and counts it). */
export async function withinRateLimit(keyHash: string, now = Date.now()): Promise<boolean> {
  return (await countRequest(perKeyLimit, keyHash, now)).allowed;
}
