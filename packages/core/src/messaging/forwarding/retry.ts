import { requeueDue } from '../../shared/db';
import { enqueue } from '../../channels';
import { forwardRecordItem } from '../../shared/db/items/forwarding';
import { forwardLeaseMs, forwardQueue } from './keys';

/**
 * With the webhooks' retry job (every minute): every forwarding record due (a retry's time came,
 * an enqueue was lost, an attempt crashed) is leased and enqueued.
 */
export function retryDueForwards(now = Date.now()): Promise<{ requeued: number }> {
  return requeueDue(forwardRecordItem, forwardQueue, now, {
    leaseMs: forwardLeaseMs,
    statuses: ['queued', 'sending'],
    requeue: (item) => enqueue({ kind: 'forward', sub: item.sub, messageId: item.messageId, channel: item.channel }, now),
  });
}
