import { refundUnsentMessages } from '@numbernest/core/messaging';
import { runRentalJob } from '@numbernest/core/rentals';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/**
 * Scheduled every minute (stacks/jobs.ts; locally the ticker): rental ends, Temporary refunds,
 * reminders, and Start Chat messages whose request died before Twilio's answer was recorded
 * (found sent at Twilio, refunded, or waiting while Twilio cannot be asked).
 */
export const handler = loggedInvocation(
  'jobs/expire-rentals',
  async () => {
    const [rentals, unsent] = await Promise.all([runRentalJob(), refundUnsentMessages()]);
    return { ...rentals, unsentFoundSent: unsent.sent, unsentRefunded: unsent.refunded, unsentWaiting: unsent.waiting };
  },
  { result: (report) => ({ ...report }), idle: nothingCounted },
);
