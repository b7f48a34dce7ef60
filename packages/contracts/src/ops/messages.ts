// The messages part of the operator console: its wire types.
import * as z from 'zod/mini';
import { blankIsUndefined, preprocess } from '../http';
import { singleLine } from '../text';
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
  /** The upstream that reported it: Twilio, an android-sms-gateway phone (its device id and SIM slot), or a partner's agent (its id). */
  upstream: z.object({
    provider: z.enum(['twilio', 'gateway', 'agent', 'upstream']),
    message_id: z.string(),
    device_id: z.nullable(z.string()),
    sim: z.nullable(z.number()),
    agent_id: z.nullable(z.string()),
  }),
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

export const orphanIdParamsSchema = z.object({ id: z.string().check(singleLine(), z.minLength(1), z.maxLength(100)) });

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
export const orphanAssignRequestSchema = z.object({ rental_id: z.string().check(singleLine(), z.minLength(1), z.maxLength(100)) });
export type OrphanAssignRequest = z.infer<typeof orphanAssignRequestSchema>;
/** POST /api/ops/orphan-messages/{id}/dismiss. */
export const orphanDismissRequestSchema = z.object({ reason: z.optional(reasonSchema) });
export type OrphanDismissRequest = z.infer<typeof orphanDismissRequestSchema>;
/** Both answer the orphan as it is now. */
export const orphanReplySchema = z.object({ data: orphanMessageSchema });
export type OrphanReply = z.infer<typeof orphanReplySchema>;

// Contact inbox
// Its imports carry their own names, so this block stands apart from the orphan SMS types above it.
import * as zc from 'zod/mini';
import { blankIsUndefined as contactBlankIsUndefined, preprocess as contactPreprocess } from '../http';
import { multiLine as contactMultiLine, singleLine as contactSingleLine } from '../text';
import {
  cursorQuerySchema as contactCursorQuerySchema,
  cursorPage as contactCursorPage,
  operatorRefSchema as contactOperatorSchema,
  reasonSchema as contactReasonSchema,
} from './shared';

/** The inbox's tabs: `new` until an operator replies or marks it handled. */
export const contactMessageStatuses = ['new', 'handled'] as const;
export const contactMessageStatusSchema = zc.enum(contactMessageStatuses);
export type ContactMessageStatus = zc.infer<typeof contactMessageStatusSchema>;

/** GET /api/ops/contact-messages?status=new|handled&cursor=&limit= (default `new`). */
export const contactMessagesQuerySchema = zc.extend(contactCursorQuerySchema, {
  status: zc.optional(contactPreprocess(contactBlankIsUndefined, contactMessageStatusSchema)),
});
export type ContactMessagesQuery = zc.infer<typeof contactMessagesQuerySchema>;

/** An operator's e-mailed answer, kept with the message. */
export const contactMessageAnswerSchema = zc.object({ id: zc.string(), by: contactOperatorSchema, at: zc.string(), body: zc.string() });
export type ContactMessageReply = zc.infer<typeof contactMessageAnswerSchema>;

export const contactMessageSchema = zc.object({
  id: zc.string(),
  name: zc.string(),
  email: zc.string(),
  subject: zc.string(),
  message: zc.string(),
  status: contactMessageStatusSchema,
  created_at: zc.string(),
  handled_at: zc.nullable(zc.string()),
  handled_by: zc.nullable(contactOperatorSchema),
  replies: zc.array(contactMessageAnswerSchema),
});
export type ContactMessage = zc.infer<typeof contactMessageSchema>;

export const contactMessagesReplySchema = contactCursorPage(contactMessageSchema);
export type ContactMessagesReply = zc.infer<typeof contactMessagesReplySchema>;

export const contactMessageIdParamsSchema = zc.object({ id: zc.string().check(contactSingleLine(), zc.regex(/^[0-9a-z]{10,40}$/, 'Invalid format.')) });

/** POST /api/ops/contact-messages/{id}/reply { body }: e-mailed to the sender, kept, and the message is handled. */
export const contactMessageReplyRequestSchema = zc.object({ body: zc.string().check(zc.trim(), contactMultiLine(), zc.minLength(2), zc.maxLength(5000)) });
export type ContactMessageReplyRequest = zc.infer<typeof contactMessageReplyRequestSchema>;

/** POST /api/ops/contact-messages/{id}/handled { reason? }: handled without an answer (spam, answered elsewhere). */
export const contactMessageHandledRequestSchema = zc.object({ reason: zc.optional(contactReasonSchema) });
export type ContactMessageHandledRequest = zc.infer<typeof contactMessageHandledRequestSchema>;

/** The reply of reply and handled: the message after the change. */
export const contactMessageResultSchema = zc.object({ data: contactMessageSchema });
export type ContactMessageResult = zc.infer<typeof contactMessageResultSchema>;
