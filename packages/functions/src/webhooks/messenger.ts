import { SignatureError, ValidationError } from '@numbernest/core/errors';
import { receiveMessenger } from '@numbernest/core/channels';
import { webhookHandler } from '../lib/webhook';

const text = (statusCode: number, body: string) => ({ statusCode, contentType: 'text/plain; charset=utf-8', body });

/**
 * POST /api/webhooks/messenger: the Page's notifications, signed (X-Hub-Signature-256; 403 otherwise,
 * nothing done). References link, texts are commands (core); a failure to answer is a 500, so Meta delivers it again.
 */
export const handler = webhookHandler(async ({ body, headers }) => {
  try {
    await receiveMessenger({ body, signature: headers['x-hub-signature-256'] });
    return text(200, 'EVENT_RECEIVED');
  } catch (error) {
    if (error instanceof SignatureError) return text(403, 'Forbidden');
    if (error instanceof ValidationError) return text(400, error.message);
    throw error;
  }
});
