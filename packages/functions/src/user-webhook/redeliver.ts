import { webhookDeliveryParamsSchema, type WebhookDeliveryReply } from '@numbernest/contracts';
import { redeliverWebhook } from '@numbernest/core/channels';
import { webhookRedeliverLimit, requireWithinLimit } from '@numbernest/core/rate-limit';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { withStatus } from '../lib/reply';

/** POST /api/user/webhook/deliveries/{id}/redeliver: the same body again as a new delivery (202); 404 if not the caller's; 30 a minute per user (429 beyond). */
export const handler = httpHandler({ auth: true, params: webhookDeliveryParamsSchema }, async ({ claims, params }) => {
  const user = await getVerifiedUser(callerOf(claims));
  await requireWithinLimit(webhookRedeliverLimit, user.sub);
  return withStatus<WebhookDeliveryReply>(202, { message: 'success', data: await redeliverWebhook(user.sub, params.id) });
});
