/** The activations each partner's agent served, newest first (a file of its own: the purchase, the end and the agent pages read it). */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/**
 * One activation an agent served (AGENT_ACTIVATIONS#<agent> / ACTIVATION#<rental id>; rental ids sort by
 * time, so a descending query is "newest first"): put in the purchase's own transaction, put again
 * whole with its final status in the end's, so it never says something its rental does not.
 *
 * An index item rather than a GSI keyed by agent on the rental: a rental is written on every SMS,
 * every reminder and every move of its job, and a GSI would copy each of those writes; this item is
 * written twice in an activation's life, costs one small put in two transactions that exist anyway,
 * and holds only what the agent pages show (no renter, no messages). No index, no TTL.
 */
export const agentActivationItem = defineItem({
  name: 'agent activation',
  owner: 'rentals',
  key: ({ agentId, rentalId }: { agentId: string; rentalId: string }) => ({ pk: `AGENT_ACTIVATIONS#${agentId}`, sk: `ACTIVATION#${rentalId}` }),
  schema: z.object({
    agentId: z.string(),
    rentalId: z.string(),
    partnerSub: z.string(),
    /** The agent's own activation id (decimal text). */
    activationId: z.string(),
    startedAt: z.string(),
    countryId: z.int(),
    /** ISO alpha-2, upper case. */
    countryCode: z.string(),
    countryName: z.string(),
    serviceName: z.optional(z.string()),
    /** E.164: the partner's own SIM. */
    e164: z.string(),
    /** What the partner earns if it is sold. */
    sumCents: z.int(),
    /** The protocol's final status once it ended (1 no longer for this service, 3 sold, 4 cancelled, 5 refunded after a code). */
    status: z.optional(z.literal([1, 3, 4, 5])),
    endedAt: z.optional(z.string()),
  }),
});
