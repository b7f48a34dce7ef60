import { webhookConfigItem, webhookDeliveryItem, webhookDeliveryPrefix } from '../../shared/db/items/channels';

/**
 * Customer webhooks: one URL per user that gets every SMS reaching their numbers (payload.ts),
 * signed with the user's secret (attempt.ts).
 *
 * Keys: docs/access-patterns.md.
 *
 * Deliveries go through a queue (queue.ts: SQS on AWS, in-process locally), never the SMS path. A
 * failure (error, non-2xx, 10 s timeout) is retried with exponential backoff for 24 hours
 * (outcome.ts); the retry job (retry-job.ts, every minute) re-enqueues due ones, because SQS
 * delays stop at 15 minutes.
 */
export const webhookQueue = 'WEBHOOK_RETRY';
export const webhookTimeoutMs = 10_000;
export const webhookRetryWindowMs = 24 * 3600_000;
/** While a delivery sits in the queue, the retry job leaves it alone this long. */
export const leaseMs = 2 * 60_000;

/** For readers in other contexts (operators' customer view); the keys are the item types'. */
export const webhookKeys = {
  config: (sub: string) => webhookConfigItem.key({ sub }),
  delivery: (sub: string, id: string) => webhookDeliveryItem.key({ sub, id }),
  deliveryPrefix: webhookDeliveryPrefix,
};
