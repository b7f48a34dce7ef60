import { setWebhookUrl, type WebhookView } from '@numbernest/core/webhook';
import { getVerifiedUser } from '@numbernest/core/user';
import { z } from 'zod';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

const bodySchema = z.strictObject({ url: z.string().max(2048).nullable() });

/** PUT /api/user/webhook {url}: set (https; SSRF-checked) or clear with null/""; the secret is made once. */
export const handler = httpHandler({ auth: true, body: bodySchema }, async ({ claims, body }): Promise<{ message: 'success'; data: WebhookView }> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await setWebhookUrl(user.sub, body.url) };
});
