import { runRentalJob } from '@numbernest/core/rental';

/** Scheduled every minute (stacks/jobs.ts; locally the ticker): rental ends, Temporary refunds, reminders. */
export const handler = async () => {
  const report = await runRentalJob();
  if (report.expired + report.refunded + report.reminded) console.log(JSON.stringify({ level: 'info', message: 'rental job', ...report }));
  return report;
};
