/** Messaging's forwarding records (a file of their own: only the forwarding Lambdas and the SMS path need them). */
import { forwardingChannels, forwardingErrors } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/**
 * One SMS's delivery to one channel, in its owner's partition (sort key FORWARD#<message id>#<channel>):
 * the idempotency record of its forwarding. In index dueByTime (queue FORWARD_RETRY) while not final; no TTL.
 */
export const forwardRecordItem = defineItem({
  name: 'forwarding record',
  owner: 'messaging',
  key: ({ sub, messageId, channel }: { sub: string; messageId: string; channel: string }) => ({
    pk: userPartition(sub),
    sk: `FORWARD#${messageId}#${channel}`,
  }),
  schema: z.object({
    sub: z.string(),
    messageId: z.string(),
    rentalId: z.string(),
    channel: z.enum(forwardingChannels),
    /** queued: waiting (first try or a retry); sending: an attempt holds it since `claimedAt`; sent; failed: given up. */
    status: z.enum(['queued', 'sending', 'sent', 'failed']),
    attempts: z.int(),
    createdAt: z.string(),
    claimedAt: z.optional(z.string()),
    sentAt: z.optional(z.string()),
    nextAttemptAt: z.optional(z.string()),
    lastError: z.optional(z.enum(forwardingErrors)),
    /** The channel's own id of what it sent (SES message id, …). */
    providerId: z.optional(z.string()),
    dueQueue: z.optional(z.string()),
    dueAt: z.optional(z.string()),
  }),
  indexes: { dueByTime: (record) => (record.dueQueue && record.dueAt ? { dueQueue: record.dueQueue, dueAt: record.dueAt } : undefined) },
});
