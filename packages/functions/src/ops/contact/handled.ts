import { contactMessageHandledRequestSchema, contactMessageIdParamsSchema, type ContactMessageResult } from '@numbernest/contracts/ops';
import { markContactMessageHandled, toContactMessage } from '@numbernest/core/content';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/contact-messages/{id}/handled { reason? } -> handled without an answer; 409 CONTACT_MESSAGE_HANDLED when it was already. */
export const handler = opsHandler(
  { params: contactMessageIdParamsSchema, body: contactMessageHandledRequestSchema },
  async ({ params, body, operator }): Promise<ContactMessageResult> => ({
    data: toContactMessage(await markContactMessageHandled(params.id, operator, body.reason)),
  }),
);
