import type * as z from 'zod/mini';
import type { pushSubscriptionItem } from '../../shared/db/items/push';

/** A browser's push subscription. */
export type PushSubscriptionItem = z.infer<typeof pushSubscriptionItem.schema>;
