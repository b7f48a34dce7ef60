/** Accounts' audit list of operator writes (a file of its own: only the audit page reads it through the layer). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * One operator write (AUDIT / ENTRY#<id>, ids sort by time): who, what (`action` on `target`), the
 * state before and after as JSON text (so any shape, and null, survives), why. Append-only; in no
 * index, no TTL.
 */
export const auditEntryItem = defineItem({
  name: 'audit entry',
  owner: 'accounts',
  key: ({ id }: { id: string }) => ({ pk: 'AUDIT', sk: `ENTRY#${id}` }),
  schema: z.object({
    id: z.string(),
    at: z.string(),
    operator: z.object({ sub: z.string(), email: z.string() }),
    action: z.string(),
    target: z.object({ type: z.string(), id: z.string() }),
    before: z.string(),
    after: z.string(),
    reason: z.optional(z.string()),
  }),
});
