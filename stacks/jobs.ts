import './function-defaults';
import { handlerIfPresent } from './handlers';
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
