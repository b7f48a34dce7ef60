import { notificationsQuerySchema, type NotificationPage } from '@numbernest/contracts';
import { listNotifications } from '@numbernest/core/notifications';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * GET /api/user/notifications?page=n (n from 0, default 0)
 * -> { data: { current_page, per_page, data: [notification], next_page, unread_count } }, newest first.
 */
export const handler = httpHandler({ auth: true, query: notificationsQuerySchema }, async ({ claims, query }): Promise<{ data: NotificationPage }> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { data: await listNotifications(user, query.page ?? 0) };
});
