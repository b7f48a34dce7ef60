import { requeueDue } from '../../shared/db';
import { webhookDeliveryItem } from '../../shared/db/items/channels';
import { leaseMs, webhookQueue } from './keys';
import { enqueue } from './queue';

/**
 * The retry job (the job schedules: every minute): every pending delivery whose `nextAttemptAt`
 * has come is leased and enqueued again.
 */
export function retryDueWebhooks(now = Date.now()): Promise<{ requeued: number }> {
  return requeueDue(webhookDeliveryItem, webhookQueue, now, {
    leaseMs,
    statuses: ['pending'],
    requeue: (item) => enqueue({ sub: item.sub, id: item.id }, now),
  });
}
