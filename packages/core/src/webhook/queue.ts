import { linked } from '../settings';
import type { WebhookJob } from './items';

type Sender = (job: WebhookJob) => Promise<void>;
/** The slot the local cloud's in-process queue fills (packages/local/src/webhook-queue.ts): a global, so module copies agree. */
const senderSlot = Symbol.for('numbernest.webhookQueue');

/**
 * Hands a delivery to the queue: the registered one (local), SQS (linked `WebhookQueue`), or,
 * with neither (a script or a test process), an attempt right here.
 */
export async function enqueue(job: WebhookJob, now: number): Promise<void> {
  const sender = (globalThis as Record<symbol, unknown>)[senderSlot] as Sender | undefined;
  if (sender) return sender(job);
  const queueUrl = linked('WebhookQueue')?.url;
  if (queueUrl) {
    const { sqsSendMessage } = await import('./sqs');
    return sqsSendMessage(queueUrl, JSON.stringify(job));
  }
  // Loaded only here (no queue at all), so the queue's users do not bundle the sending code.
  const { attemptWebhookDelivery } = await import('./attempt');
  await attemptWebhookDelivery(job, { now });
}
