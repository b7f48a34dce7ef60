import { attemptWebhookDelivery, type WebhookJob } from '@numbernest/core/webhook';
import { loggedInvocation } from '../lib/invocation';
import { log } from '../lib/log';

interface QueueEvent {
  Records: Array<{ body: string; messageId?: string }>;
}

/**
 * The webhook queue's subscriber (stacks/webhooks.ts; locally the in-process queue): one attempt per
 * message. The attempt records its own failures and schedules the retry; only a storage error
 * throws (SQS then redrives, and after its tries the message goes to the dead-letter queue).
 */
export const handler = loggedInvocation(
  'jobs/deliver-webhook',
  async (event: QueueEvent): Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }> => {
    const failures: Array<{ itemIdentifier: string }> = [];
    for (const record of event.Records) {
      try {
        const job = JSON.parse(record.body) as WebhookJob;
        const result = await attemptWebhookDelivery(job);
        if (result) log.info('webhook attempt', { sub: job.sub, id: job.id, status: result.status, statusCode: result.statusCode, attempts: result.attempts });
      } catch (error) {
        log.error('webhook attempt failed', { messageId: record.messageId, error: error instanceof Error ? error : String(error) });
        failures.push({ itemIdentifier: record.messageId ?? '' });
      }
    }
    return { batchItemFailures: failures };
  },
  { fields: (event) => ({ records: event.Records.length }), result: (result) => ({ failed: result.batchItemFailures.length }) },
);
