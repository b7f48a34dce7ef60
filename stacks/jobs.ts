import { jobSchedules } from '../packages/functions/src/jobs/schedules';
import './function-defaults';
import { jobTimeoutSeconds } from './function-timeouts';
import { handlerPath } from './handlers';
// Imported for their links (stacks/links.ts): the rental job pushes; the retry job re-enqueues.
import './realtime';
import './webhooks';

/**
 * Scheduled jobs (their list: packages/functions/src/jobs/schedules.ts): CronV2 (EventBridge
 * Scheduler; SST 4.17's `Cron` is deprecated). Each job runs one at a time (reserved concurrency
 * 1): a run that overlaps a slow previous one waits in Lambda's async queue instead of working the
 * same items. The items are safe anyway: every step in core is a conditional write on what it read
 * (core/rentals/job.ts, payment/topups.ts), so two runs never refund or end one rental twice
 * (packages/functions/test/rentals.test.ts: concurrent runs over the same due rentals).
 */
const oneAtATime = { reserved: 1 };

for (const job of jobSchedules) {
  new sst.aws.CronV2(job.cron, {
    schedule: `rate(${job.everyMinutes} ${job.everyMinutes === 1 ? 'minute' : 'minutes'})`,
    function: { handler: handlerPath(job.handler), timeout: `${jobTimeoutSeconds} seconds`, concurrency: oneAtATime },
  });
}
