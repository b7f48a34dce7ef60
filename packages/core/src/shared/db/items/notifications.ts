/** Notifications' items (written only by packages/core/src/notifications, and inside ledger and SMS transactions through its door). */
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** The sort key prefix of a user's notifications (ids sort by time, so the newest come last). */
export const notificationPrefix = 'NOTIFICATION#';

/**
 * One notification in its user's partition (sort key NOTIFICATION#<id>). Unread ones are kept;
 * a read one expires a while after it was read (its TTL is set with `readAt`). No index.
 */
export const notificationItem = defineItem({
  name: 'notification',
  owner: 'notifications',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `${notificationPrefix}${id}` }),
  schema: z.object({
    id: z.string(),
    /** English words (what older clients and e-mails show). */
    title: z.string(),
    message: z.string(),
    /** What it is about (top-up, transfer, message, rental), and a translation key with its values for the web's languages. */
    kind: z.optional(z.string()),
    key: z.optional(z.string()),
    params: z.optional(z.record(z.string(), z.string())),
    createdAt: z.string(),
    /** Absent while unread. */
    readAt: z.optional(z.string()),
    expiresAt: z.optional(z.number()),
  }),
  expiresAt: (item) => item.expiresAt,
  // Its user is its partition, not an attribute.
  schemaAttributesOnly: true,
});
