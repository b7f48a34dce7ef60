import type { ForwardingChannel } from '@numbernest/contracts';
import { log } from '../../shared/log';
import { linked } from '../../shared/settings';
import { attemptWebhookDelivery } from './attempt';
import type { WebhookJob } from './items';

/** A forwarding job: one forwarded SMS on one of its owner's channels (messaging's forwarding sends it). */
export interface ForwardJob {
  kind: 'forward';
  sub: string;
  messageId: string;
  channel: ForwardingChannel;
}

/** What the queue carries: a customer webhook delivery, or a forwarding job (`kind: 'forward'`, core/messaging/forwarding). */
export type QueueJob = WebhookJob | ForwardJob;

type Sender = (job: QueueJob) => Promise<void>;
/** The slot the local cloud's in-process queue fills (packages/local/src/webhook-queue.ts): a global, so module copies agree. */
const senderSlot = Symbol.for('numbernest.webhookQueue');

/**
 * Hands a job to the queue: the registered one (local), SQS (linked `WebhookQueue`), or, with
 * neither (a script or a test process), a webhook delivery is attempted right here; a forwarding
 * job is left to the retry job (its record is due after the lease), so the code that sends
 * forwarded SMS (and the secrets it reads) stays out of the functions that only enqueue. The
 * delivery is imported statically: a lazy import of a module the context's door also exports lands,
 * with code splitting, in a chunk every importer of the door loads anyway.
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
  await attemptWebhookDelivery(job, { now });
}
