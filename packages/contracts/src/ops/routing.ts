// How each source of Temporary numbers delivers, and why a customer's purchase got the number it got: the wire
// types of /api/ops/delivery-by-source and /api/ops/users/{sub}/purchase-decisions.
import * as z from 'zod/mini';
import { intSchema } from '../http';

/** What kind of source: our own numbers, a partner's SIM bank (agent) or an upstream provider. */
export const sourceKindSchema = z.enum(['own', 'agent', 'upstream']);
export type SourceKind = z.infer<typeof sourceKindSchema>;

/** One source's delivery over every country and service, the last 30 days. */
export const sourceDeliveryRowSchema = z.object({
  /** `own`, `agent:<id>` or `upstream:<id>`. */
  source: z.string(),
  kind: sourceKindSchema,
  /** The agent's or upstream's name (a removed one's id when it is gone); `own` for our numbers. */
  name: z.string(),
  purchases: intSchema(),
  /** Purchases whose code arrived, less those then reported as already used. */
  codes: intSchema(),
  /** Numbers reported as already used. */
  reported: intSchema(),
  /** codes / purchases, 0 to 1; null below 20 purchases (too few to tell). */
  rate: z.nullable(z.number()),
  median_ms_to_code: z.nullable(z.number()),
  /** Dollars earned per activation on average (price less the source's cost); below 0 when sold at a loss. */
  margin: z.number(),
});
export type SourceDeliveryRow = z.infer<typeof sourceDeliveryRowSchema>;

/** GET /api/ops/delivery-by-source: every source that sold or delivered in the last 30 days, most purchases first. */
export const deliveryBySourceReplySchema = z.object({ data: z.array(sourceDeliveryRowSchema), min_purchases_for_rate: intSchema() });
export type DeliveryBySourceReply = z.infer<typeof deliveryBySourceReplySchema>;

/** How a source answered when asked for a number. */
export const sourceTryOutcomes = ['bought', 'no-numbers', 'refused', 'too-expensive', 'no-balance', 'timeout', 'failed'] as const;
export const sourceTryOutcomeSchema = z.enum(sourceTryOutcomes);
export type SourceTryOutcome = z.infer<typeof sourceTryOutcomeSchema>;

const namedSource = { source: z.string(), kind: sourceKindSchema, name: z.string() };

/** One purchase's routing: who could sell, in the order asked, who the rules kept out, each answer, and what was bought. */
export const purchaseDecisionSchema = z.object({
  id: z.string(),
  at: z.string(),
  country_id: intSchema(),
  country_name: z.nullable(z.string()),
  service_id: intSchema(),
  service_name: z.nullable(z.string()),
  /** The customer's price, dollars. */
  price: z.number(),
  /** The sources that could sell, in the order they were to be asked. */
  candidates: z.array(
    z.object({
      ...namedSource,
      /** Measured delivery for this country and service, 0 to 1 (null: too few activations). */
      rate: z.nullable(z.number()),
      /** The rate it was ranked by (smoothed towards the place's while it has few activations). */
      rank_rate: z.number(),
      activations: intSchema(),
      /** Dollars this purchase would earn through it. */
      margin: z.number(),
      call_ms: intSchema(),
      median_ms_to_code: z.nullable(z.number()),
    }),
  ),
  /** Sources the operators' rules kept out. */
  excluded: z.array(z.object(namedSource)),
  /** Each source asked, in order, with its answer and how long it took. */
  tried: z.array(z.object({ ...namedSource, outcome: sourceTryOutcomeSchema, detail: z.nullable(z.string()), ms: intSchema() })),
  /** The source the number was bought from; null when none sold. */
  bought: z.nullable(z.object(namedSource)),
  rental_id: z.nullable(z.string()),
  /** The whole routing's time. */
  ms: intSchema(),
});
export type PurchaseDecision = z.infer<typeof purchaseDecisionSchema>;

/** GET /api/ops/users/{sub}/purchase-decisions: the customer's newest 50, newest first. */
export const purchaseDecisionsReplySchema = z.object({ data: z.array(purchaseDecisionSchema) });
export type PurchaseDecisionsReply = z.infer<typeof purchaseDecisionsReplySchema>;
