import { setWebhookUrl, type WebhookView } from '@numbernest/core/webhook';
import { getVerifiedUser } from '@numbernest/core/user';
import * as z from 'zod/mini';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

const bodySchema = z.strictObject({ url: z.nullable(z.string().check(z.maxLength(2048))) });

/** PUT /api/user/webhook {url}: set (https; SSRF-checked) or clear with null/""; the secret is made once. */
export const handler = httpHandler({ auth: true, body: bodySchema }, async ({ claims, body }): Promise<{ message: 'success'; data: WebhookView }> => {
  const user = await getVerifiedUser(callerOf(claims));
  return { message: 'success', data: await setWebhookUrl(user.sub, body.url) };
});
