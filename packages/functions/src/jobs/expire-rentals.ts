import { refundUnsentMessages } from '@numbernest/core/message';
import { runRentalJob } from '@numbernest/core/rental';

/**
 * Scheduled every minute (stacks/jobs.ts; locally the ticker): rental ends, Temporary refunds,
 * reminders, and refunds of Start Chat messages whose request died before Twilio answered.
 */
export const handler = async () => {
  const [rentals, unsentRefunded] = await Promise.all([runRentalJob(), refundUnsentMessages()]);
  const report = { ...rentals, unsentRefunded };
  if (report.expired + report.refunded + report.reminded + report.unsentRefunded) console.log(JSON.stringify({ level: 'info', message: 'rental job', ...report }));
  return report;
};
