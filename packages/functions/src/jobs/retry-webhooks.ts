import { retryDueWebhooks } from '@numbernest/core/webhook';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): re-enqueues webhook deliveries whose retry time has come. */
export const handler = async () => {
  const report = await retryDueWebhooks();
  if (report.requeued) console.log(JSON.stringify({ level: 'info', message: 'webhook retries', ...report }));
  return report;
};
