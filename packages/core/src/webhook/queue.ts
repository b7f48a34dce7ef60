import type { ForwardJob } from '../forwarding/items';
import { log } from '../log';
import { linked } from '../settings';
import type { WebhookJob } from './items';

/** What the queue carries: a customer webhook delivery, or a forwarding job (`kind: 'forward'`, core/forwarding). */
export type QueueJob = WebhookJob | ForwardJob;

type Sender = (job: QueueJob) => Promise<void>;
/** The slot the local cloud's in-process queue fills (packages/local/src/webhook-queue.ts): a global, so module copies agree. */
const senderSlot = Symbol.for('numbernest.webhookQueue');

/**
 * Hands a job to the queue: the registered one (local), SQS (linked `WebhookQueue`), or, with
 * neither (a script or a test process), a webhook delivery is attempted right here; a forwarding
 * job is left to the retry job (its record is due after the lease), so the code that sends
 * forwarded SMS (and the secrets it reads) stays out of the functions that only enqueue.
 */
export async function enqueue(job: QueueJob, now: number): Promise<void> {
  const sender = (globalThis as Record<symbol, unknown>)[senderSlot] as Sender | undefined;
  if (sender) return sender(job);
  const queueUrl = linked('WebhookQueue')?.url;
  if (queueUrl) {
    const { sqsSendMessage } = await import('./sqs');
    return sqsSendMessage(queueUrl, JSON.stringify(job));
  }
  if ('kind' in job) {
    log.info('forwarding job left to the retry job (no queue here)', { sub: job.sub, messageId: job.messageId, channel: job.channel });
    return;
  }
  // Loaded only here (no queue at all), so the queue's users do not bundle the sending code.
  const { attemptWebhookDelivery } = await import('./attempt');
  await attemptWebhookDelivery(job, { now });
}
