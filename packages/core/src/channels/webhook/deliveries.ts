import type { WebhookDelivery } from '@numbernest/contracts';
import { createItem, readItem, readPage } from '../../shared/db/item';
import { webhookDeliveryItem, webhookDeliveryPrefix } from '../../shared/db/items/channels';
import { timeSortableId } from '../../shared/ids';
import type { WebhookDeliveryItem } from './items';
import { leaseMs, webhookQueue } from './keys';

/** The delivery records: one per payload to send (an SMS, a test, a redelivery), with what its attempts came to. */

export const toDeliveryView = (d: WebhookDeliveryItem): WebhookDelivery => ({
  id: d.id,
  kind: d.kind,
  status: d.status,
  status_code: d.statusCode ?? null,
  attempts: d.attempts,
  last_error: d.lastError ?? null,
  created_at: d.createdAt,
  delivered_at: d.deliveredAt ?? null,
  next_attempt_at: d.status === 'pending' ? (d.nextAttemptAt ?? null) : null,
});

export async function findDelivery(sub: string, id: string): Promise<WebhookDeliveryItem | undefined> {
  return readItem(webhookDeliveryItem, { sub, id }, { consistent: true });
}

/** The user's deliveries, newest first. */
export async function listWebhookDeliveries(sub: string, count = 50): Promise<WebhookDeliveryItem[]> {
  const { items } = await readPage(webhookDeliveryItem, { sub, id: '' }, count, undefined, { skPrefix: webhookDeliveryPrefix, descending: true });
  return items;
}

/** A new pending record, due for the retry job after the lease (in case the queue never gets it). */
export async function createDelivery(sub: string, kind: WebhookDeliveryItem['kind'], body: string, now: number, url?: string): Promise<WebhookDeliveryItem> {
  const delivery: WebhookDeliveryItem = {
    id: timeSortableId(now),
    sub,
    kind,
    body,
    ...(url ? { url } : {}),
    status: 'pending',
    attempts: 0,
    createdAt: new Date(now).toISOString(),
    nextAttemptAt: new Date(now).toISOString(),
    dueQueue: webhookQueue,
    dueAt: new Date(now + leaseMs).toISOString(),
  };
  await createItem(webhookDeliveryItem, delivery, { onConditionFailed: () => new Error(`Webhook delivery ${delivery.id} already exists`) });
  return delivery;
}
