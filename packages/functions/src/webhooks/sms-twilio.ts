import { isLocalStage, receiveTwilio, smsWebhookBaseUrl } from '@numbernest/core/messaging';
import { webhookHandler, type WebhookRequest } from '../lib/webhook';

export const twilioWebhookPath = '/api/webhooks/sms/twilio';

/**
 * The URL Twilio signed: the one it was configured with. On a stage that is the API's public URL
 * (API_URL) + this path (+ the query, if the configured URL has one). Locally it is the request's
 * own URL as the caller used it (the sandbox, curl or a tunnel reach the one port by any host):
 * scheme from X-Forwarded-Proto (else http), the Host header, the path and the query.
 */
export function signedUrl({ headers, event }: WebhookRequest): string {
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  if (!isLocalStage()) return `${smsWebhookBaseUrl()}${twilioWebhookPath}${query}`;
  const scheme = headers['x-forwarded-proto']?.split(',')[0]?.trim() || 'http';
  return `${scheme}://${headers.host ?? 'localhost'}${event.rawPath}${query}`;
}

/** POST /api/webhooks/sms/twilio: Twilio's inbound message (X-Twilio-Signature), answered with empty TwiML. */
export const handler = webhookHandler(
  async (request) => (await receiveTwilio({ body: request.body, headers: request.headers, url: signedUrl(request) })).reply,
);
