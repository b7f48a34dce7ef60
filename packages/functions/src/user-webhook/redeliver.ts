import { redeliverWebhook, type WebhookDeliveryView } from '@numbernest/core/webhook';
import { getVerifiedUser } from '@numbernest/core/user';
import * as z from 'zod/mini';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { withStatus } from '../lib/reply';

const paramsSchema = z.strictObject({ id: z.string().check(z.regex(/^[0-9a-z]{6,40}$/, 'Unknown delivery')) });

/** POST /api/user/webhook/deliveries/{id}/redeliver: the same body again as a new delivery (202); 404 if not the caller's. */
export const handler = httpHandler({ auth: true, params: paramsSchema }, async ({ claims, params }) => {
  const user = await getVerifiedUser(callerOf(claims));
  return withStatus<{ message: 'success'; data: WebhookDeliveryView }>(202, { message: 'success', data: await redeliverWebhook(user.sub, params.id) });
});
