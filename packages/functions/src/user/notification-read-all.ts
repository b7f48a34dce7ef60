import type { StatusReply } from '@numbernest/contracts';
import { markAllRead } from '@numbernest/core/notifications';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/notification/read/all -> status reply whose message the web app shows as a toast. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<StatusReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  await markAllRead(user.sub);
  return { status: 'success', message: 'All notifications marked as read' };
});
