/** Messaging's inbound SMS records and orphans (a file of their own: only the SMS webhooks and the operators' Lambdas need them). */
import type { OrphanStatus } from '@numbernest/contracts/ops';
import * as z from 'zod/mini';
import { defineItem } from '../item';

const provider = z.enum(['twilio', 'gateway', 'agent', 'upstream']);
const orphanReason = z.enum(['unknown-number', 'no-active-rental', 'no-matching-service', 'ambiguous', 'rental-ended', 'no-receiving-number']);

/**
 * What became of an upstream's SMS (partition SMS#<provider>#<id>): answers a replay without storing
 * twice. Delivered: the renter, rental and message (and the orphan it was, if an operator assigned it);
 * orphan: the orphan and why. In no index; kept 30 days by TTL.
 */
export const inboundRecordItem = defineItem({
  name: 'inbound SMS record',
  owner: 'messaging',
  key: ({ provider, providerMessageId }: { provider: string; providerMessageId: string }) => ({ pk: `SMS#${provider}#${providerMessageId}`, sk: 'SMS' }),
  schema: z.object({
    provider,
    providerMessageId: z.string(),
    createdAt: z.string(),
    expiresAt: z.int(),
    outcome: z.enum(['delivered', 'orphan']),
    sub: z.optional(z.string()),
    rentalId: z.optional(z.string()),
    messageId: z.optional(z.string()),
    verified: z.optional(z.boolean()),
    orphanId: z.optional(z.string()),
    reason: z.optional(orphanReason),
  }),
  expiresAt: (record) => record.expiresAt,
});

/** Each status's partition: the open ones alone in theirs, so counting them is one Query COUNT. */
const orphanPartition = { open: 'ORPHAN_SMS', assigned: 'ORPHAN_SMS_ASSIGNED', dismissed: 'ORPHAN_SMS_DISMISSED' } as const;

/**
 * An SMS nobody may see, kept for operators with why it was not delivered (sort key its id): in
 * ORPHAN_SMS while open; an operator's decision moves it to ORPHAN_SMS_ASSIGNED or
 * ORPHAN_SMS_DISMISSED, with `resolved`. In no index, no TTL.
 */
export const orphanSmsItem = defineItem({
  name: 'orphan SMS',
  owner: 'messaging',
  key: ({ status, id }: { status: OrphanStatus; id: string }) => ({ pk: orphanPartition[status], sk: id }),
  schema: z.object({
    id: z.string(),
    provider,
    providerMessageId: z.string(),
    from: z.string(),
    to: z.string(),
    body: z.string(),
    receivedLength: z.optional(z.int()),
    receivedAt: z.string(),
    deviceId: z.optional(z.string()),
    simNumber: z.optional(z.int()),
    agentId: z.optional(z.string()),
    reason: orphanReason,
    code: z.nullable(z.string()),
    numberId: z.optional(z.int()),
    createdAt: z.string(),
    resolved: z.optional(
      z.object({
        at: z.string(),
        by: z.object({ sub: z.string(), email: z.string() }),
        reason: z.optional(z.string()),
        /** Assigned: the rental, its renter and the message it became. */
        rentalId: z.optional(z.string()),
        sub: z.optional(z.string()),
        messageId: z.optional(z.string()),
      }),
    ),
  }),
  // Its status is its partition, not an attribute.
  schemaAttributesOnly: true,
});
