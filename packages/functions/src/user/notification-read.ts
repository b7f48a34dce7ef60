import { readNotificationRequestSchema, type StatusReply } from '@numbernest/contracts';
import { markRead } from '@numbernest/core/notifications';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/notification/read { id } -> status reply; idempotent; an id not of the caller -> 404. */
export const handler = httpHandler({ auth: true, body: readNotificationRequestSchema }, async ({ claims, body }): Promise<StatusReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  await markRead(user.sub, body.id);
  return { status: 'success', message: 'Notification marked as read' };
});
