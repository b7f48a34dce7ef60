/** Money's own items beside the ledger (written only by packages/core/src/money): transfers, account holds, top-ups and disputes. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

const userPartition = (sub: string) => `USER#${sub}`;

/** One transfer between two users, in the sender's partition (sort key TRANSFER#<id>, ids sort by time). No TTL, no index. */
export const transferItem = defineItem({
  name: 'transfer',
  owner: 'money',
  key: ({ fromSub, id }: { fromSub: string; id: string }) => ({ pk: userPartition(fromSub), sk: `TRANSFER#${id}` }),
  schema: z.object({
    id: z.string(),
    fromSub: z.string(),
    fromEmail: z.string(),
    toSub: z.string(),
    toEmail: z.string(),
    amountCents: z.int(),
    note: z.optional(z.string()),
    createdAt: z.string(),
  }),
});

/**
 * What a user sent on one UTC day (sort key TRANSFER_DAY#<YYYY-MM-DD>), counted in each transfer's
 * own transaction. Expires three days after (set by each count); no index.
 */
export const transferDayItem = defineItem({
  name: 'transfers of a day',
  owner: 'money',
  key: ({ sub, day }: { sub: string; day: string }) => ({ pk: userPartition(sub), sk: `TRANSFER_DAY#${day}` }),
  schema: z.object({ sentCents: z.int() }),
  // Never put whole: each count sets its TTL (`expiresAt` of the change); this marks it as expiring.
  expiresAt: () => undefined,
});
