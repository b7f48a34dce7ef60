import { setWebhookRequestSchema, type WebhookReply } from '@numbernest/contracts';
import { setWebhookUrl } from '@numbernest/core/channels';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** PUT /api/user/webhook {url}: set (https; SSRF-checked) or clear with null/""; the secret is made once. */
export const handler = httpHandler({ auth: true, body: setWebhookRequestSchema }, async ({ claims, body }): Promise<WebhookReply> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await setWebhookUrl(user.sub, body.url) };
});
