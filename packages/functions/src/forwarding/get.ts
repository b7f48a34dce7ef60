import type { ForwardingReply } from '@numbernest/contracts';
import { getForwarding } from '@numbernest/core/messaging';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/forwarding: which channels each SMS is forwarded to, and what each is linked to. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<ForwardingReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: await getForwarding(user) };
});
