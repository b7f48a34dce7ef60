import type { WebhookDeliveryReply } from '@numbernest/contracts';
import { sendTestWebhook } from '@numbernest/core/channels';
import { webhookTestLimit, requireWithinLimit } from '@numbernest/core/rate-limit';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { withStatus } from '../lib/reply';

/** POST /api/user/webhook/test: a sample delivery to the saved URL, through the queue (202); 10 a minute per user (429 beyond). */
export const handler = httpHandler({ auth: true }, async ({ claims }) => {
  const user = await getVerifiedUser(callerOf(claims));
  await requireWithinLimit(webhookTestLimit, user.sub);
  return withStatus<WebhookDeliveryReply>(202, { message: 'success', data: await sendTestWebhook(user.sub) });
});
