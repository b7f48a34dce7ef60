import type { PushPublicKeyReply } from '@numbernest/contracts/push';
import { vapidPublicKey } from '@numbernest/core/notifications';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/push/public-key -> { data: { key } }: the VAPID key a browser subscribes with (for an account that may use it). */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<PushPublicKeyReply> => {
  await getUser(callerOf(claims)); // a blocked or deleted account is refused here as on every user route
  return { data: { key: vapidPublicKey() } };
});
