import type { WebhookDeliveryReply } from '@numbernest/contracts';
import { sendTestWebhook } from '@numbernest/core/webhook';
import { getVerifiedUser } from '@numbernest/core/user';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { withStatus } from '../lib/reply';

/** POST /api/user/webhook/test: a sample delivery to the saved URL, through the queue (202). */
export const handler = httpHandler({ auth: true }, async ({ claims }) => {
  const user = await getVerifiedUser(callerOf(claims));
  return withStatus<WebhookDeliveryReply>(202, { message: 'success', data: await sendTestWebhook(user.sub) });
});
