// What partners and operators see of an agent's work: the activations it served and its stock by
// country and service (/api/user/partner/agents/{id}/…, /api/ops/agents/{id}/…).
import * as z from 'zod/mini';
import { intSchema } from './http';
import { singleLine } from './text';

/**
 * How an activation an agent served went, as the FINISH_ACTIVATION status sent (or due) to the agent
 * says: `waiting` still active (waiting for its code); `sold` a code came and it was kept (status 3);
 * `cancelled` ended without a code (4); `refunded` refunded after a code (5); `used` reported as
 * already used for the service (1).
 */
export const agentActivationOutcomes = ['waiting', 'sold', 'cancelled', 'refunded', 'used'] as const;
export const agentActivationOutcomeSchema = z.enum(agentActivationOutcomes);
export type AgentActivationOutcome = z.infer<typeof agentActivationOutcomeSchema>;

/** One activation an agent served. */
export const agentActivationSchema = z.object({
  /** The platform's id of it (the rental's). */
  id: z.string(),
  /** The agent's own activation id. */
  activation_id: z.string(),
  started_at: z.string(),
  ended_at: z.nullable(z.string()),
  /** ISO alpha-2, upper case. */
  country_code: z.string(),
  country_name: z.string(),
  service: z.nullable(z.string()),
  /** E.164: the partner's own SIM. */
  number: z.string(),
  outcome: agentActivationOutcomeSchema,
  /** What the partner earned of it, in dollars (0 unless sold). */
  earned: z.number(),
});
export type AgentActivation = z.infer<typeof agentActivationSchema>;

/** `?cursor=`: the reply's `next_cursor`, opaque. */
export const agentActivationsQuerySchema = z.object({ cursor: z.optional(z.string().check(singleLine(), z.maxLength(500))) });
export type AgentActivationsQuery = z.infer<typeof agentActivationsQuerySchema>;

/** GET …/agents/{id}/activations: a page of 50, newest first; `next_cursor` null on the last. */
export const agentActivationsReplySchema = z.object({ data: z.array(agentActivationSchema), next_cursor: z.nullable(z.string()) });
export type AgentActivationsReply = z.infer<typeof agentActivationsReplySchema>;

/** The most rows of an agent's stock breakdown; the rest are summed in `rest`. */
export const agentStockRowsShown = 20;

export const agentStockRowSchema = z.object({
  country_code: z.string(),
  country_name: z.string(),
  /** The service's name (its protocol code when the catalogue has no such service any more). */
  service: z.string(),
  count: intSchema(),
});
export type AgentStockRow = z.infer<typeof agentStockRowSchema>;

/** GET …/agents/{id}/stock: its fresh stock by country and service, largest first (at most 20 rows), and how many numbers the other rows hold. */
export const agentStockReplySchema = z.object({
  data: z.object({ rows: z.array(agentStockRowSchema), rest: intSchema(), total: intSchema() }),
});
export type AgentStockReply = z.infer<typeof agentStockReplySchema>;
