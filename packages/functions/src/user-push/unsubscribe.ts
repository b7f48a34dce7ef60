import { pushUnsubscribeSchema, type PushSubscriptionsReply } from '@numbernest/contracts/push';
import { countPushSubscriptions, removePushSubscription } from '@numbernest/core/notifications';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** DELETE /api/user/push/subscriptions { endpoint }: that browser gets no more pushes (idempotent). */
export const handler = httpHandler({ auth: true, body: pushUnsubscribeSchema }, async ({ claims, body }): Promise<PushSubscriptionsReply> => {
  const { sub } = await getUser(callerOf(claims)); // refused for a blocked account, as every user route is
  await removePushSubscription(sub, body.endpoint);
  return { message: 'success', data: { subscriptions: await countPushSubscriptions(sub) } };
});
