import './function-defaults';
import { handlerIfPresent, handlerPath } from './handlers';
import { realtime } from './realtime';

/**
 * Rental expiry: closes rentals whose time is up (the `dueByTime` index) and refunds Temporary
 * activations that got no SMS. Wired once its handler exists.
 */
const expireRentals = handlerIfPresent('jobs/expire-rentals.handler');

export const expiryJob = expireRentals
  ? new sst.aws.Cron('ExpireRentals', {
      schedule: 'rate(1 minute)',
      function: { handler: expireRentals, timeout: '1 minute', link: [realtime] },
    })
  : undefined;

/** Pending top-ups older than a day become expired (payment/topups.ts); the balance is untouched. */
export const topUpExpiryJob = new sst.aws.CronV2('ExpireTopUps', {
  schedule: 'rate(15 minutes)',
  function: { handler: handlerPath('jobs/expire-top-ups.handler'), timeout: '1 minute' },
});
