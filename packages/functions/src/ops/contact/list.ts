import { contactMessagesQuerySchema, type ContactMessagesReply } from '@numbernest/contracts/ops';
import { listContactMessages, toContactMessage } from '@numbernest/core/content';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/contact-messages?status=new|handled&cursor=&limit= -> one tab of the contact inbox, newest first. */
export const handler = opsHandler({ query: contactMessagesQuerySchema }, async ({ query }): Promise<ContactMessagesReply> => {
  const page = await listContactMessages(query.status ?? 'new', { limit: query.limit, cursor: query.cursor });
  return { data: page.items.map(toContactMessage), next_cursor: page.cursor ?? null };
});
