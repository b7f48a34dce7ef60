import { contactMessageIdParamsSchema, contactMessageReplyRequestSchema, type ContactMessageResult } from '@numbernest/contracts/ops';
import { replyToContactMessage, toContactMessage } from '@numbernest/core/content';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/contact-messages/{id}/reply { body } -> e-mails the answer to the sender, keeps it, and the message is handled. */
export const handler = opsHandler(
  { params: contactMessageIdParamsSchema, body: contactMessageReplyRequestSchema },
  async ({ params, body, operator }): Promise<ContactMessageResult> => ({
    data: toContactMessage(await replyToContactMessage(params.id, operator, body.body)),
  }),
);
