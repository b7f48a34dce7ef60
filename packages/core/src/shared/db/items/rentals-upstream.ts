/** Upstream providers' activations: the live ones the code poll asks about, and each end to carry to its upstream. */
import * as z from 'zod/mini';
import { defineItem } from '../item';

/** The one partition of the live upstream activations (a poll reads it whole: one Query a round). */
export const upstreamActivationsPartition = 'UPSTREAM_ACTIVE';

/**
 * A Temporary activation bought from an upstream and not ended yet (UPSTREAM_ACTIVE / RENTAL#<id>):
 * put in the purchase's transaction, deleted in the end's, so the code poll asks the upstream about
 * exactly the live ones. No index, no TTL.
 */
export const upstreamActivationItem = defineItem({
  name: 'live upstream activation',
  owner: 'rentals',
  key: ({ rentalId }: { rentalId: string }) => ({ pk: upstreamActivationsPartition, sk: `RENTAL#${rentalId}` }),
  schema: z.object({
    rentalId: z.string(),
    sub: z.string(),
    upstreamId: z.string(),
    activationId: z.string(),
    e164: z.string(),
    startedAt: z.string(),
    /** The renter asked for another code when it had this many (the rental's `anotherCodeAfter`), and the last such count told to the upstream. */
    anotherAfter: z.optional(z.int()),
    anotherAsked: z.optional(z.int()),
  }),
});

/**
 * How an upstream's activation ended, to carry to the upstream (UPSTREAM_END#<rental id> / END):
 * `cancel` (refunded to the customer), `finish` (kept with a code) or `ban` (reported), written in
 * the end's own transaction and only once; a number bought and not sold is cancelled the same way
 * (`unsold`, keyed `unsold:<upstream>:<activation>`). In index dueByTime (queue UPSTREAM_END) until the
 * upstream answered; then `accepted` says whether it took the end, and for a cancel or ban whether it
 * refunded us (`refundedCents`, credited to its ledger account once). Kept after, for reconcile.
 */
export const upstreamEndItem = defineItem({
  name: 'upstream activation end',
  owner: 'rentals',
  key: ({ rentalId }: { rentalId: string }) => ({ pk: `UPSTREAM_END#${rentalId}`, sk: 'END' }),
  schema: z.object({
    rentalId: z.string(),
    upstreamId: z.string(),
    activationId: z.string(),
    how: z.enum(['cancel', 'finish', 'ban']),
    /** What the activation cost us (what a refund gives back). */
    costCents: z.int(),
    /** The customer was refunded. */
    customerRefunded: z.boolean(),
    endedAt: z.string(),
    attempts: z.int(),
    lastError: z.optional(z.string()),
    /** A number bought and not sold: why (no rental, nothing debited). */
    unsold: z.optional(z.string()),
    /** When the upstream answered, and whether it took the end. */
    doneAt: z.optional(z.string()),
    accepted: z.optional(z.boolean()),
    /** A cancel or ban it took: credited back to its ledger account (key `upstream-refund:<rental id>`). */
    refundedCents: z.optional(z.int()),
    dueQueue: z.optional(z.string()),
    dueAt: z.optional(z.string()),
  }),
  indexes: { dueByTime: ({ dueQueue, dueAt }) => (dueQueue && dueAt ? { dueQueue, dueAt } : undefined) },
});
