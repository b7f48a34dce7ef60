/** The item types of the comparison, each defined once with core's item layer (keys: docs/access-patterns.md). */
import * as z from 'zod/mini';
import { ledgerKinds } from '../shared';
import { defineItem } from '@numbernest/core/db';

const userPartition = (sub: string) => `USER#${sub}`;

/** The profile: the user's balance and the length of their ledger chain. In no index, no TTL. */
export const account = defineItem({
  name: 'account',
  owner: 'money',
  key: ({ sub }: { sub: string }) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
  schema: z.object({
    sub: z.string(),
    email: z.string(),
    balanceCents: z.int(),
    ledgerSeq: z.optional(z.int()),
    createdAt: z.string(),
  }),
});

/** One balance change; its sort key is its place in the user's chain. In no index, no TTL. */
export const ledgerEntry = defineItem({
  name: 'ledger entry',
  owner: 'money',
  key: ({ sub, seq }: { sub: string; seq: number }) => ({ pk: userPartition(sub), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
  schema: z.object({
    sub: z.string(),
    seq: z.int(),
    id: z.string(),
    kind: z.enum(ledgerKinds),
    amountCents: z.int(),
    balanceAfterCents: z.int(),
    reference: z.string(),
    description: z.object({ key: z.string(), params: z.optional(z.record(z.string(), z.string())) }),
    createdAt: z.string(),
  }),
});

/** A key that has moved money: a second use is refused by the Put's condition. */
export const idempotencyMarker = defineItem({
  name: 'idempotency marker',
  owner: 'money',
  key: ({ idempotencyKey }: { idempotencyKey: string }) => ({ pk: `LEDGER_KEY#${idempotencyKey}`, sk: 'LEDGER_KEY' }),
  schema: z.object({ idempotencyKey: z.string(), sub: z.string(), seq: z.int(), createdAt: z.string() }),
});

/**
 * A top-up, for how an index and a TTL are declared: in the sparse `dueByTime` queue only while
 * pending (the expiry job finds it), and deleted by DynamoDB a year after it began.
 */
export const topUp = defineItem({
  name: 'top-up',
  owner: 'money',
  key: ({ id }: { id: string }) => ({ pk: `TOPUP#${id}`, sk: 'TOPUP' }),
  schema: z.object({
    id: z.string(),
    sub: z.string(),
    amountCents: z.int(),
    status: z.enum(['pending', 'paid', 'failed', 'expired']),
    createdAt: z.string(),
    expiresAtIso: z.string(),
  }),
  indexes: { dueByTime: (topUp) => (topUp.status === 'pending' ? { dueQueue: 'TOPUP_EXPIRY', dueAt: topUp.expiresAtIso } : undefined) },
  expiresAt: (topUp) => Math.floor(Date.parse(topUp.createdAt) / 1000) + 365 * 24 * 3600,
});
