import { runRentalJob } from '@numbernest/core/rental';
import { loggedInvocation, nothingCounted } from '../lib/invocation';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): rental ends, Temporary refunds, reminders. */
export const handler = loggedInvocation('jobs/expire-rentals', () => runRentalJob(), { result: (report) => ({ ...report }), idle: nothingCounted });
