/** What an agent must be told of its activations' ends (a file of its own: only the end and the agent sender read it). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * How an activation served by a partner's agent ended, to tell the agent (FINISH_ACTIVATION),
 * written in the end's own transaction and only once, so the agent never hears two final statuses
 * for one activation (AGENT_FINISH#<rental id> / FINISH). A number an agent gave that was never sold
 * is handed back the same way (`unsold`, keyed `unsold:<agent>:<activation>`). In index dueByTime
 * (queue AGENT_FINISH) until the agent answered SUCCESS; kept after, for operators.
 */
export const agentFinishItem = defineItem({
  name: 'agent activation finish',
  owner: 'rentals',
  key: ({ rentalId }: { rentalId: string }) => ({ pk: `AGENT_FINISH#${rentalId}`, sk: 'FINISH' }),
  schema: z.object({
    rentalId: z.string(),
    agentId: z.string(),
    activationId: z.string(),
    /** The protocol's final status: 1 no longer for this service, 3 sold, 4 cancelled, 5 refunded after a code. */
    status: z.literal([1, 3, 4, 5]),
    endedAt: z.string(),
    attempts: z.int(),
    lastError: z.optional(z.string()),
    /** Sold (status 3): what its partner earned, counted on the agent once the first try is recorded. */
    earnedCents: z.optional(z.int()),
    /** A number given and not sold: why (no rental). */
    unsold: z.optional(z.string()),
    /** When the agent answered SUCCESS. */
    doneAt: z.optional(z.string()),
    dueQueue: z.optional(z.string()),
    dueAt: z.optional(z.string()),
  }),
  indexes: { dueByTime: ({ dueQueue, dueAt }) => (dueQueue && dueAt ? { dueQueue, dueAt } : undefined) },
});
