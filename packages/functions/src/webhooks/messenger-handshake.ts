import { messengerHandshake } from '@numbernest/core/channels';
import { webhookHandler } from '../lib/webhook';

/** GET /api/webhooks/messenger: Meta's verification request; the challenge echoed for our verify token, 403 otherwise. */
export const handler = webhookHandler(async ({ query }) => {
  const challenge = messengerHandshake(query);
  return challenge === undefined
    ? { statusCode: 403, contentType: 'text/plain; charset=utf-8', body: 'Forbidden' }
    : { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: challenge };
});
