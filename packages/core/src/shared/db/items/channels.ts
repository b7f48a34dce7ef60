/** Channels' items (written only by packages/core/src/channels): customer webhooks' settings and deliveries. */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

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

/** An account's verified WhatsApp number (E.164; sort key WHATSAPP), what forwarding sends to. No TTL, no index. */
export const whatsappNumberItem = defineItem({
  name: 'WhatsApp number',
  owner: 'channels',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'WHATSAPP' }),
  schema: z.object({ number: z.string(), verifiedAt: z.string() }),
});

/**
 * An account's pending WhatsApp code (sort key WHATSAPP_CODE): only the SHA-256 of the account, the
 * number and the code, so a table read does not show a usable code. A new code replaces it; TTL
 * (`expiresAt`, epoch seconds) a day after the code expires, so a late try is told "expired", not "no code".
 */
export const whatsappCodeItem = defineItem({
  name: 'WhatsApp code',
  owner: 'channels',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'WHATSAPP_CODE' }),
  schema: z.object({ number: z.string(), codeHash: z.string(), codeExpiresAt: z.string(), attempts: z.int(), sentAt: z.string(), expiresAt: z.int() }),
  expiresAt: ({ expiresAt }) => expiresAt,
});

/** Which account a WhatsApp number (its digits, `WHATSAPP#<digits>`) is verified for: inbound messages name only the sender. No TTL, no index. */
export const whatsappOwnerItem = defineItem({
  name: 'WhatsApp number owner',
  owner: 'channels',
  key: ({ digits }: { digits: string }) => ({ pk: `WHATSAPP#${digits}`, sk: 'USER' }),
  schema: z.object({ sub: z.string(), linkedAt: z.string() }),
});

/** One inbound WhatsApp message id already answered (Meta redelivers until it gets a 200); TTL a week after it came. */
export const whatsappInboundItem = defineItem({
  name: 'WhatsApp inbound message',
  owner: 'channels',
  key: ({ messageId }: { messageId: string }) => ({ pk: `WHATSAPP_IN#${messageId}`, sk: 'WHATSAPP_IN' }),
  schema: z.object({ receivedAt: z.string(), expiresAt: z.int() }),
  expiresAt: ({ expiresAt }) => expiresAt,
});
