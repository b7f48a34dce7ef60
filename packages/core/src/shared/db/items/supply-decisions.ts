/** Why each Temporary purchase got the number it got (a file of its own: only the purchase writes it, the console reads it). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

const sourceTrySchema = z.object({
  source: z.string(),
  outcome: z.enum(['bought', 'no-numbers', 'refused', 'too-expensive', 'no-balance', 'timeout', 'failed']),
  detail: z.optional(z.string()),
  ms: z.int(),
});

/**
 * One purchase's routing (DECISIONS#<sub> / DECISION#<time id>, newest last): the sources that could
 * sell, each with what was measured of it and in the order they were asked, those the operators'
 * rules kept out, each source asked and how it answered, and what was bought. Written once, after the
 * purchase, best effort (a customer's purchase never fails for its record). TTL: 90 days.
 */
export const purchaseDecisionItem = defineItem({
  name: 'purchase decision',
  owner: 'supply',
  key: ({ sub, id }: { sub: string; id: string }) => ({ pk: `DECISIONS#${sub}`, sk: `DECISION#${id}` }),
  schema: z.object({
    sub: z.string(),
    id: z.string(),
    at: z.string(),
    countryId: z.int(),
    serviceId: z.int(),
    priceCents: z.int(),
    candidates: z.array(
      z.object({
        source: z.string(),
        rate: z.nullable(z.number()),
        rankRate: z.number(),
        activations: z.int(),
        marginCents: z.int(),
        callMs: z.int(),
        medianMsToCode: z.nullable(z.number()),
      }),
    ),
    /** Sources the operators' rules kept out. */
    excluded: z.array(z.string()),
    tried: z.array(sourceTrySchema),
    rentalId: z.optional(z.string()),
    source: z.optional(z.string()),
    /** The whole routing, candidates read to the answer. */
    ms: z.int(),
    /** Epoch seconds. */
    expiresAt: z.number(),
  }),
  expiresAt: (item) => item.expiresAt,
});
