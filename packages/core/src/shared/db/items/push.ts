/** Notifications' Web Push subscriptions (a file of their own: a module's item types are bundled together, and only the push Lambdas need these). */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** The sort key prefix of a user's Web Push subscriptions. */
export const pushSubscriptionPrefix = 'PUSH_SUB#';

/**
 * A browser's Web Push subscription in its user's partition, keyed by a hash of the push service's
 * endpoint (sort key PUSH_SUB#<sha256 base64url>: an endpoint is up to 2 KB, a key is not). Kept; no index.
 */
export const pushSubscriptionItem = defineItem({
  name: 'push subscription',
  owner: 'notifications',
  key: ({ sub, endpoint }: { sub: string; endpoint: string }) => ({
    pk: userPartition(sub),
    sk: `${pushSubscriptionPrefix}${createHash('sha256').update(endpoint).digest('base64url')}`,
  }),
  schema: z.object({
    endpoint: z.string(),
    p256dh: z.string(),
    auth: z.string(),
    createdAt: z.string(),
    /** The browser that subscribed (User-Agent), shown nowhere yet but useful to support. */
    userAgent: z.optional(z.string()),
  }),
  // Its user is its partition, not an attribute.
  schemaAttributesOnly: true,
});
