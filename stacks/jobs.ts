import './function-defaults';
import { jobTimeoutSeconds } from './function-timeouts';
import { handlerPath } from './handlers';
// Imported for their links (stacks/links.ts): the rental job pushes; the retry job re-enqueues.
import './realtime';
import './webhooks';

/**
 * Scheduled jobs: CronV2 (EventBridge Scheduler; SST 4.17's `Cron` is deprecated). Each job runs
 * one at a time (reserved concurrency 1): a run that overlaps a slow previous one waits in
 * Lambda's async queue instead of working the same items. The items are safe anyway: every step
 * in core is a conditional write on what it read (core/rental/job.ts, payment/topups.ts), so two
 * runs never refund or end one rental twice (packages/functions/test/rentals.test.ts: concurrent runs over the same due rentals).
 */
const oneAtATime = { reserved: 1 };

/**
 * The rental job: ends rentals whose time is up (the `dueByTime` index), refunds Temporary
 * activations that got no SMS, and sends the 24 h and 1 h reminders (core/rental/job.ts).
 */
export const rentalJob = new sst.aws.CronV2('ExpireRentals', {
  schedule: 'rate(1 minute)',
  function: { handler: handlerPath('jobs/expire-rentals.handler'), timeout: `${jobTimeoutSeconds} seconds`, concurrency: oneAtATime },
});

/** Pending top-ups older than a day become expired (payment/topups.ts); the balance is untouched. */
export const topUpExpiryJob = new sst.aws.CronV2('ExpireTopUps', {
  schedule: 'rate(15 minutes)',
  function: { handler: handlerPath('jobs/expire-top-ups.handler'), timeout: `${jobTimeoutSeconds} seconds`, concurrency: oneAtATime },
});

/** Customer webhook deliveries whose retry time has come go back on the queue (core/webhook). */
export const webhookRetryJob = new sst.aws.CronV2('RetryWebhooks', {
  schedule: 'rate(1 minute)',
  function: { handler: handlerPath('jobs/retry-webhooks.handler'), timeout: `${jobTimeoutSeconds} seconds`, concurrency: oneAtATime },
});
