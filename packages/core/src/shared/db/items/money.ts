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

/** Why an account was put on hold: one card payment taken back. */
const holdEventSchema = z.object({
  kind: z.enum(['chargeback', 'card-refund']),
  /** The provider's id of the dispute, or of the charge refunded. */
  reference: z.string(),
  topUpId: z.string(),
  provider: z.string(),
  amountCents: z.int(),
  at: z.string(),
  /** The dispute's reason as the provider gives it. */
  reason: z.optional(z.string()),
});

/** An operator's decision on a held account. */
export const holdDecisionSchema = z.object({
  /** The operator's e-mail (a name, for decisions made on the command line before the console). */
  operator: z.string(),
  /** The operator's sub (`cli:<name>` on the command line); absent on older decisions. */
  operatorSub: z.optional(z.string()),
  reason: z.string(),
  decision: z.enum(['release', 'keep']),
  at: z.string(),
});

const openHoldSchema = z.object({
  sub: z.string(),
  email: z.string(),
  since: z.string(),
  events: z.array(holdEventSchema),
  /** Decisions to keep the hold (a release deletes the item and keeps the decision on the user). */
  decisions: z.optional(z.array(holdDecisionSchema)),
});

/**
 * An open account hold, in the operators' queue (pk ACCOUNT_HOLD, sort key USER#<sub>): it exists
 * exactly while the profile has `accountHold`. Made by the first card reversal, each later one
 * appended. No TTL, no index.
 */
export const openHoldItem = defineItem({
  name: 'open account hold',
  owner: 'money',
  key: ({ sub }: { sub: string }) => ({ pk: 'ACCOUNT_HOLD', sk: userPartition(sub) }),
  schema: openHoldSchema,
});

/** An operator's decision on a hold, kept on the user (sort key HOLD_DECISION#<id>, ids sort by time) with the hold it was about. No TTL, no index. */
export const holdDecisionItem = defineItem({
  name: 'account hold decision',
  owner: 'money',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: userPartition(sub), sk: `HOLD_DECISION#${id}` }),
  schema: z.object({ ...holdDecisionSchema.shape, id: z.string(), sub: z.string(), hold: openHoldSchema }),
});
