/** Messaging's messages (a file of their own: a module's item types are bundled together). */
import { forwardingChannels, forwardingErrors, messageBoxes, messageStatuses } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** A channel's forwarding state as the message keeps it (the rental page shows it). */
const forwardState = z.object({
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.int(),
  error: z.optional(z.enum(forwardingErrors)),
  updatedAt: z.string(),
});

/** A message (inbox or sent) in its user's partition (sort key MESSAGE#<id>). Sent ones still `sending` are in index dueByTime (SMS_UNSENT); no TTL. */
export const messageItem = defineItem({
  name: 'message',
  owner: 'messaging',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `MESSAGE#${id}` }),
  schema: z.object({
    id: z.string(),
    rentalId: z.string(),
    box: z.enum(messageBoxes),
    from: z.string(),
    to: z.string(),
    /** Plain text, never HTML (an inbound one cut to `maxSmsTextLength`). */
    body: z.string(),
    /** Inbox, when the text was cut: its length as received. */
    receivedLength: z.optional(z.int()),
    code: z.nullable(z.string()),
    /** Inbox: whether the sender is one the rental's service sends from. Absent on messages stored before: verified. */
    verified: z.optional(z.boolean()),
    createdAt: z.string(),
    provider: z.optional(z.enum(['twilio', 'gateway', 'agent', 'upstream'])),
    providerMessageId: z.optional(z.string()),
    receivedAt: z.optional(z.string()),
    priceCents: z.optional(z.int()),
    segments: z.optional(z.int()),
    status: z.optional(z.enum(messageStatuses)),
    sentAt: z.optional(z.string()),
    failure: z.optional(z.string()),
    forwarding: z.optional(z.partialRecord(z.enum(forwardingChannels), forwardState)),
    dueQueue: z.optional(z.string()),
    dueAt: z.optional(z.string()),
  }),
  indexes: { dueByTime: (message) => (message.dueQueue && message.dueAt ? { dueQueue: message.dueQueue, dueAt: message.dueAt } : undefined) },
  // Its user is its partition, not an attribute.
  schemaAttributesOnly: true,
});
