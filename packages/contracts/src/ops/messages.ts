// The messages part of the operator console: its wire types.
export {};

// Contact inbox
// Its imports carry their own names, so this block stands apart from the orphan SMS types above it.
import * as zc from 'zod/mini';
import { blankIsUndefined as contactBlankIsUndefined, preprocess as contactPreprocess } from '../http';
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

export const contactMessageIdParamsSchema = zc.object({ id: zc.string().check(zc.regex(/^[0-9a-z]{10,40}$/, 'Invalid format.')) });

/** POST /api/ops/contact-messages/{id}/reply { body }: e-mailed to the sender, kept, and the message is handled. */
export const contactMessageReplyRequestSchema = zc.object({ body: zc.string().check(zc.trim(), zc.minLength(2), zc.maxLength(5000)) });
export type ContactMessageReplyRequest = zc.infer<typeof contactMessageReplyRequestSchema>;

/** POST /api/ops/contact-messages/{id}/handled { reason? }: handled without an answer (spam, answered elsewhere). */
export const contactMessageHandledRequestSchema = zc.object({ reason: zc.optional(contactReasonSchema) });
export type ContactMessageHandledRequest = zc.infer<typeof contactMessageHandledRequestSchema>;

/** The reply of reply and handled: the message after the change. */
export const contactMessageResultSchema = zc.object({ data: contactMessageSchema });
export type ContactMessageResult = zc.infer<typeof contactMessageResultSchema>;
