/** Messaging's orphan SMS (a file of their own: only the SMS webhooks and the operators' Lambdas need them). */
import type { OrphanStatus } from '@numbernest/contracts/ops';
import * as z from 'zod/mini';
import { defineItem } from '../item';

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
    provider: z.enum(['twilio', 'gateway']),
    providerMessageId: z.string(),
    from: z.string(),
    to: z.string(),
    body: z.string(),
    receivedLength: z.optional(z.int()),
    receivedAt: z.string(),
    deviceId: z.optional(z.string()),
    simNumber: z.optional(z.int()),
    reason: z.enum(['unknown-number', 'no-active-rental', 'no-matching-service', 'ambiguous', 'rental-ended', 'no-receiving-number']),
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
