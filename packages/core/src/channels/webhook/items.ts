import type * as z from 'zod/mini';
import type { webhookConfigItem, webhookDeliveryItem } from '../../shared/db/items/channels';

/** A user's webhook settings (the item: shared/db/items/channels.ts). */
export type WebhookConfigItem = z.infer<typeof webhookConfigItem.schema>;

/** One payload to post and what its attempts came to (the item: shared/db/items/channels.ts). */
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItem.schema>;

/** One delivery to make: the message the queue carries. */
export interface WebhookJob {
  sub: string;
  id: string;
}
