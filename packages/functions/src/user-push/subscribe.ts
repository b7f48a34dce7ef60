import { pushSubscriptionSchema, type PushSubscriptionsReply } from '@numbernest/contracts/push';
import { savePushSubscription } from '@numbernest/core/notifications';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * POST /api/user/push/subscriptions { endpoint, keys: { p256dh, auth } } (a browser's
 * PushSubscription): saved, the endpoint SSRF-checked; answers how many browsers get pushes.
 */
export const handler = httpHandler({ auth: true, body: pushSubscriptionSchema }, async ({ claims, body, event }): Promise<PushSubscriptionsReply> => {
  const user = await getUser(callerOf(claims)); // the account exists (or is made) before it is changed
  const subscriptions = await savePushSubscription(user.sub, body, { userAgent: event.headers['user-agent'] });
  return { message: 'success', data: { subscriptions } };
});
