/** The ledger's items (written only by packages/core/src/ledger): its entries and its idempotency keys. */
import { ledgerKinds } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { userPartition } from './partitions';

/** Words for an entry: a translation key and its values, so each language says it its own way. */
export const entryDescriptionSchema = z.object({ key: z.string(), params: z.optional(z.record(z.string(), z.string())) });

export const ledgerEntrySchema = z.object({
  sub: z.string(),
  /** 1, 2, 3… per user, no gaps: the entry's place in the user's chain (and its sort key). */
  seq: z.int(),
  id: z.string(),
  kind: z.enum(ledgerKinds),
  /** Signed: negative for money out. */
  amountCents: z.int(),
  balanceAfterCents: z.int(),
  /** The business item it belongs to (top-up id, transfer id, rental id). */
  reference: z.string(),
  description: entryDescriptionSchema,
  createdAt: z.string(),
  /** An operator's change: who made it and why. */
  operator: z.optional(z.object({ sub: z.string(), email: z.string() })),
  reason: z.optional(z.string()),
});

/** One balance change of one user; its sort key is its place in the user's chain. In no index, no TTL. */
export const ledgerEntryItem = defineItem({
  name: 'ledger entry',
  owner: 'money',
  key: ({ sub, seq }: { sub: string; seq: number }) => ({ pk: userPartition(sub), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
  schema: ledgerEntrySchema,
});

/** A key that has moved money, with the entries it wrote: a second use is refused by the Put's condition and answered from here. */
export const ledgerKeyItem = defineItem({
  name: 'ledger idempotency key',
  owner: 'money',
  key: ({ idempotencyKey }: { idempotencyKey: string }) => ({ pk: `LEDGER_KEY#${idempotencyKey}`, sk: 'LEDGER_KEY' }),
  schema: z.object({ entries: z.array(ledgerEntrySchema), createdAt: z.string() }),
  // The key is stored in pk only.
  schemaAttributesOnly: true,
});
