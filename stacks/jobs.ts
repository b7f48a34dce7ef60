import './function-defaults';
import { handlerPath } from './handlers';
import { realtime } from './realtime';
import { webhookQueue } from './webhooks';

/**
 * The rental job: ends rentals whose time is up (the `dueByTime` index), refunds Temporary
 * activations that got no SMS, and sends the 24 h and 1 h reminders (core/rental/job.ts).
 */
export const rentalJob = new sst.aws.CronV2('ExpireRentals', {
  schedule: 'rate(1 minute)',
  function: { handler: handlerPath('jobs/expire-rentals.handler'), timeout: '1 minute', link: [realtime] },
});

/** Pending top-ups older than a day become expired (payment/topups.ts); the balance is untouched. */
export const topUpExpiryJob = new sst.aws.CronV2('ExpireTopUps', {
  schedule: 'rate(15 minutes)',
  function: { handler: handlerPath('jobs/expire-top-ups.handler'), timeout: '1 minute' },
});

/** Customer webhook deliveries whose retry time has come go back on the queue (core/webhook). */
export const webhookRetryJob = new sst.aws.CronV2('RetryWebhooks', {
  schedule: 'rate(1 minute)',
  function: { handler: handlerPath('jobs/retry-webhooks.handler'), timeout: '1 minute', link: [webhookQueue] },
});
