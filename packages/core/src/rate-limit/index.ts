export { countInTransaction, countRequest, requireWithinLimit, rateKey, type RateCount, type RateLimit } from './window';
export { contactFormLimit, topUpLimit, webhookRedeliverLimit, webhookTestLimit } from './limits';
export { bucketKey, takeToken, type TokenBucket } from './bucket';
