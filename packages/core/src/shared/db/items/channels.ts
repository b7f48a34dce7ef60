/** Channels' items (written only by packages/core/src/channels): customer webhooks' settings and deliveries. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

const userPartition = (sub: string) => `USER#${sub}`;

/** The sort key prefix of a user's webhook deliveries (ids sort by time). */
export const webhookDeliveryPrefix = 'WEBHOOK_DELIVERY#';

/**
 * A user's webhook settings (sort key WEBHOOK): the URL every SMS is posted to (absent when unset)
 * and the signing secret, made once on the first save and replaced on a password reset. No TTL, no index.
 */
export const webhookConfigItem = defineItem({
  name: 'webhook settings',
  owner: 'channels',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'WEBHOOK' }),
  schema: z.object({ url: z.optional(z.string()), secret: z.string(), updatedAt: z.string() }),
});

/**
 * One payload to post to a user's webhook (an SMS, a test, a redelivery) and what its attempts came
 * to, in its user's partition (sort key WEBHOOK_DELIVERY#<id>, ids sort by time). In index dueByTime
 * (queue WEBHOOK_RETRY) while pending, for the retry job; no TTL (kept).
 */
export const webhookDeliveryItem = defineItem({
  name: 'webhook delivery',
  owner: 'channels',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `${webhookDeliveryPrefix}${id}` }),
  schema: z.object({
    id: z.string(),
    sub: z.string(),
    kind: z.enum(['sms', 'test']),
    /** The exact JSON posted. */
    body: z.string(),
    /** A rent's own URL (the rent API's `url`), posted to instead of the saved one. */
    url: z.optional(z.string()),
    status: z.enum(['pending', 'delivered', 'failed']),
    statusCode: z.optional(z.int()),
    attempts: z.int(),
    lastError: z.optional(z.string()),
    createdAt: z.string(),
    deliveredAt: z.optional(z.string()),
    nextAttemptAt: z.optional(z.string()),
    /** While pending: the retry job's next look at it, index dueByTime. */
    dueQueue: z.optional(z.string()),
    dueAt: z.optional(z.string()),
  }),
  indexes: {
    dueByTime: ({ dueQueue, dueAt }) => (dueQueue && dueAt ? { dueQueue, dueAt } : undefined),
  },
});
