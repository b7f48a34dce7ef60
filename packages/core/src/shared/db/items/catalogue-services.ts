/**
 * The catalogue's services (written only by packages/core/src/catalogue), apart from its other items:
 * SMS routing and the protocol read them on hot paths, which carry no other catalogue schema.
 */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * A service: its name, logo slug, SMS-Activate code and SMS patterns (see catalogue/items.ts), and
 * when and by whom an operator last edited it. All share one small partition, listed whole.
 */
export const serviceItem = defineItem({
  name: 'catalogue service',
  owner: 'catalogue',
  key: ({ id }: { id: number }) => ({ pk: 'SERVICES', sk: `SERVICE#${String(id).padStart(3, '0')}` }),
  schema: z.object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    protocolCode: z.optional(z.string()),
    patterns: z.optional(z.object({ from: z.string(), body: z.string() })),
    editedAt: z.optional(z.string()),
    editedBy: z.optional(z.string()),
  }),
});
