import { messagesQuerySchema, type MessagesReply } from '@numbernest/contracts';
import { listMessages } from '@numbernest/core/messaging';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * GET /api/user/messages?box=inbox|sent&rental_id=&page= : the caller's messages, newest first,
 * 20 a page -> { message, data: { current_page, per_page, data: [message], next_page } }.
 */
export const handler = httpHandler({ auth: true, query: messagesQuerySchema }, async ({ claims, query }): Promise<MessagesReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: await listMessages(user.sub, query) };
});
