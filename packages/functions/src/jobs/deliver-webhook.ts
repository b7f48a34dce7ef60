import { attemptForward, isForwardJob } from '@numbernest/core/messaging';
import { attemptWebhookDelivery, type QueueJob } from '@numbernest/core/channels';
import { loggedInvocation } from '../lib/invocation';
import { log } from '../lib/log';

interface QueueEvent {
  Records: Array<{ body: string; messageId?: string }>;
}

/** One job: a customer webhook delivery, or a forwarding job (an SMS to one channel of its owner's). */
async function attempt(job: QueueJob): Promise<void> {
  if (isForwardJob(job)) {
    const result = await attemptForward(job);
    if (result)
      log.info('forwarding attempt', { sub: job.sub, messageId: job.messageId, channel: job.channel, status: result.status, attempts: result.attempts });
    return;
  }
  const result = await attemptWebhookDelivery(job);
  if (result) log.info('webhook attempt', { sub: job.sub, id: job.id, status: result.status, statusCode: result.statusCode, attempts: result.attempts });
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
        await attempt(JSON.parse(record.body) as QueueJob);
      } catch (error) {
        log.error('webhook attempt failed', { messageId: record.messageId, error: error instanceof Error ? error : String(error) });
        failures.push({ itemIdentifier: record.messageId ?? '' });
      }
    }
    return { batchItemFailures: failures };
  },
  { fields: (event) => ({ records: event.Records.length }), result: (result) => ({ failed: result.batchItemFailures.length }) },
);
