import { refundUnsentMessages } from '@numbernest/core/message';
import { runRentalJob } from '@numbernest/core/rental';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/**
 * Scheduled every minute (stacks/jobs.ts; locally the ticker): rental ends, Temporary refunds,
 * reminders, and refunds of Start Chat messages whose request died before Twilio answered.
 */
export const handler = loggedInvocation(
  'jobs/expire-rentals',
  async () => {
    const [rentals, unsentRefunded] = await Promise.all([runRentalJob(), refundUnsentMessages()]);
    return { ...rentals, unsentRefunded };
  },
  { result: (report) => ({ ...report }), idle: nothingCounted },
);
