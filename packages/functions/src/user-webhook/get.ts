import type { WebhookReply } from '@numbernest/contracts';
import { getWebhook } from '@numbernest/core/channels';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/webhook: the URL, the signing secret (the owner's, to verify with), the last 50 deliveries. */
export const handler = httpHandler({ auth: true }, async ({ claims }): Promise<WebhookReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await getWebhook(user.sub) };
});
