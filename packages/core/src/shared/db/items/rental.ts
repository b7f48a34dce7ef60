/**
 * The rental item (a file of its own: the send path reads a rental without the other rentals' item
 * types, as a module's item types are bundled together).
 */
import { NumberType, reportReasons } from '@numbernest/contracts';
import * as z from 'zod/mini';
import { defineItem } from '../item';
import { rentalKey } from './rental-keys';

export const rentalEnds = ['closed', 'refunded', 'expired', 'completed'] as const;
export const reportReason = z.enum(reportReasons);

export const rentalSchema = z.object({
  id: z.string(),
  sub: z.string(),
  numberId: z.int(),
  /** E.164. */
  e164: z.string(),
  typeId: z.literal([NumberType.Shared, NumberType.Private, NumberType.Temporary]),
  countryId: z.int(),
  countryName: z.string(),
  /** ISO alpha-2, upper case. */
  countryCode: z.string(),
  /** Shared and Temporary: the one service; absent for Private (all services). */
  serviceId: z.optional(z.int()),
  serviceName: z.optional(z.string()),
  serviceSlug: z.optional(z.string()),
  status: z.enum(['active', 'inactive']),
  startedAt: z.string(),
  /** When the rental ends (ISO), not a TTL: rentals are kept. */
  expiresAt: z.string(),
  /** Paid so far, extensions included. */
  priceCents: z.int(),
  messagesCount: z.int(),
  /** SMS it was shown whose sender its service does not use (only the text matched): not its code, not in `messagesCount`. */
  unverifiedCount: z.optional(z.int()),
  /** SMS sent from it (Start Chat): sending uses a rental as receiving does. Absent on rentals that never sent. */
  sentCount: z.optional(z.int()),
  /** Temporary only: the plain decimal id of the SMS-Activate-compatible API (see activation-ids.ts). */
  activationId: z.optional(z.int()),
  /** Shared and Private bought through the rent API: its plain decimal id (see rent-ids.ts). */
  rentId: z.optional(z.int()),
  /** The rent API's per-rental webhook: each SMS is posted there too (webhook/send.ts). */
  rentUrl: z.optional(z.string()),
  /**
   * Temporary, served by a partner's agent: the agent, its own activation id (a Ulong, as decimal
   * text), the partner and what the partner earns if it is sold. The end tells the agent how it ended.
   */
  agentSale: z.optional(z.object({ agentId: z.string(), activationId: z.string(), partnerSub: z.string(), sumCents: z.int() })),
  /**
   * Temporary, bought from an upstream provider: the upstream, its activation id and what it cost us
   * (debited from the upstream's ledger account in the purchase's transaction). The end tells the upstream.
   */
  upstreamSale: z.optional(z.object({ upstreamId: z.string(), activationId: z.string(), costCents: z.int() })),
  lastMessage: z.optional(z.object({ body: z.string(), code: z.nullable(z.string()), from: z.string(), receivedAt: z.string() })),
  /**
   * Temporary: the renter asked for another code when it had this many (setStatus 3, or the web's
   * Request another code); a code counts as new once `messagesCount` passes it.
   */
  anotherCodeAfter: z.optional(z.int()),
  /** The renter reported its number (report.ts): it ended refunded and the number is blocked for its service. */
  reported: z.optional(z.object({ reason: reportReason, at: z.string() })),
  ended: z.optional(z.enum(rentalEnds)),
  endedAt: z.optional(z.string()),
  /**
   * What operators gave back of an ended rental so far (partial refunds, `rentals/operator.ts`): never
   * more than `priceCents`. A rental that ended `refunded` got its whole price back and has none.
   */
  refundedCents: z.optional(z.int()),
  /**
   * The slice (standing.ts) its purchase counted it in against the account's holding limits; the end
   * counts it out. Absent on rentals bought before the limits: nothing to count out.
   */
  heldSlice: z.optional(z.string()),
  /** Shared and Private bought while the account's standing was limited: closing it never refunds. */
  closeRefund: z.optional(z.literal(false)),
  /** Reminders already sent (24 h and 1 h before the end). */
  reminded: z.optional(z.array(z.enum(['24h', '1h']))),
  /** While active: the rental job's next look at it (a reminder or the end), index dueByTime. */
  dueQueue: z.optional(z.string()),
  dueAt: z.optional(z.string()),
});

/**
 * A number bought from the balance, in its renter's partition (sort key RENTAL#<id>, ids sort by
 * time). In index dueByTime (queue RENTALS) while active, for the rental job; no TTL (kept).
 */
export const rentalItem = defineItem({
  name: 'rental',
  owner: 'rentals',
  key: rentalKey,
  schema: rentalSchema,
  indexes: { dueByTime: (rental) => (rental.dueQueue && rental.dueAt ? { dueQueue: rental.dueQueue, dueAt: rental.dueAt } : undefined) },
});
