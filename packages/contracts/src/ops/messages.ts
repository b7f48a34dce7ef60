// The messages part of the operator console: its wire types.
import * as z from 'zod/mini';
import { blankIsUndefined, preprocess } from '../http';
import { cursorQuerySchema, operatorRefSchema, reasonSchema } from './shared';

// Orphan SMS

/** Where an orphan SMS stands: waiting for an operator, given to a rental's renter, or set aside. */
export const orphanStatuses = ['open', 'assigned', 'dismissed'] as const;
export const orphanStatusSchema = z.enum(orphanStatuses);
export type OrphanStatus = z.infer<typeof orphanStatusSchema>;

/** Why routing kept it: the number is not ours, nobody rents it, no service matched, two matched, the rental ended, no number given. */
export const orphanReasonSchema = z.enum(['unknown-number', 'no-active-rental', 'no-matching-service', 'ambiguous', 'rental-ended', 'no-receiving-number']);

/** An inbound SMS that reached no renter, as operators see it. */
export const orphanMessageSchema = z.object({
  id: z.string(),
  status: orphanStatusSchema,
  /** Our number that received it, E.164 ('' when the upstream named none). */
  number: z.string(),
  /** Our number's id when the number is ours (null: not in the inventory, so nobody can rent it). */
  number_id: z.nullable(z.number()),
  from: z.string(),
  text: z.string(),
  /** The code found in the text, as a routed SMS would show it. */
  code: z.nullable(z.string()),
  reason: orphanReasonSchema,
  received_at: z.string(),
  /** When we kept it. */
  created_at: z.string(),
  /** The upstream that reported it: Twilio, or an android-sms-gateway phone (its device id and SIM slot). */
  upstream: z.object({ provider: z.enum(['twilio', 'gateway']), message_id: z.string(), device_id: z.nullable(z.string()), sim: z.nullable(z.number()) }),
  /** Assigned or dismissed: who did it, when, and (dismissed) why or (assigned) to which rental. */
  resolved: z.nullable(
    z.object({
      at: z.string(),
      by: operatorRefSchema,
      reason: z.nullable(z.string()),
      rental_id: z.nullable(z.string()),
      message_id: z.nullable(z.string()),
    }),
  ),
});
export type OrphanMessage = z.infer<typeof orphanMessageSchema>;

/** GET /api/ops/orphan-messages?status=open|assigned|dismissed&cursor=&limit= (open by default), newest first. */
export const orphanListQuerySchema = z.object({
  ...cursorQuerySchema.shape,
  status: z.optional(preprocess(blankIsUndefined, orphanStatusSchema)),
});
export type OrphanListQuery = z.infer<typeof orphanListQuerySchema>;
export const orphanListReplySchema = z.object({ data: z.array(orphanMessageSchema), next_cursor: z.nullable(z.string()) });
export type OrphanListReply = z.infer<typeof orphanListReplySchema>;

export const orphanIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A rental the orphan may go to: one holding the orphan's number now (its number lock names it). */
export const orphanCandidateSchema = z.object({
  rental_id: z.string(),
  user: z.object({ sub: z.string(), email: z.string() }),
  service: z.nullable(z.string()),
  started_at: z.string(),
  expires_at: z.string(),
});
export type OrphanCandidate = z.infer<typeof orphanCandidateSchema>;
/** GET /api/ops/orphan-messages/{id}/rentals. */
export const orphanCandidatesReplySchema = z.object({ data: z.array(orphanCandidateSchema) });
export type OrphanCandidatesReply = z.infer<typeof orphanCandidatesReplySchema>;

/** POST /api/ops/orphan-messages/{id}/assign. */
export const orphanAssignRequestSchema = z.object({ rental_id: z.string().check(z.minLength(1), z.maxLength(100)) });
export type OrphanAssignRequest = z.infer<typeof orphanAssignRequestSchema>;
/** POST /api/ops/orphan-messages/{id}/dismiss. */
export const orphanDismissRequestSchema = z.object({ reason: z.optional(reasonSchema) });
export type OrphanDismissRequest = z.infer<typeof orphanDismissRequestSchema>;
/** Both answer the orphan as it is now. */
export const orphanReplySchema = z.object({ data: orphanMessageSchema });
export type OrphanReply = z.infer<typeof orphanReplySchema>;

