export { countInTransaction, countRequest, requireWithinLimit, rateKey, type RateCount, type RateLimit } from './window';
export {
  contactFormLimit,
  topUpLimit,
  webhookRedeliverLimit,
  webhookTestLimit,
  whatsappCodeLimit,
  whatsappCodeNumberLimit,
  whatsappReplyLimit,
  messengerReplyLimit,
} from './limits';
export { bucketKey, knownEmpty, takeToken, type TokenBucket } from './bucket';
