import { requeueDue } from '../../shared/db';
import type { WebhookDeliveryItem } from './items';
import { leaseMs, webhookQueue } from './keys';
import { enqueue } from './queue';

/**
 * The retry job (the job schedules: every minute): every pending delivery whose `nextAttemptAt`
 * has come is leased and enqueued again.
 */
export function retryDueWebhooks(now = Date.now()): Promise<{ requeued: number }> {
  return requeueDue<WebhookDeliveryItem & { pk: string; sk: string; dueAt: string }>(webhookQueue, now, {
    leaseMs,
    statuses: ['pending'],
    requeue: (item) => enqueue({ sub: item.sub, id: item.id }, now),
  });
}
