import { createHmac } from 'node:crypto';
import { localValue } from './settings';
import { webhookPath, type SandboxNotification } from './types';

/** `Stripe-Signature`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the time of sending (checked within 5 minutes). */
export function stripeSignatureHeader(body: string, secret: string, time = new Date()): string {
  const t = Math.floor(time.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/**
 * A webhook delivery as Stripe posts it to the app: the JSON event, signed with the endpoint's
 * secret (or a forger's). `signed` is what was signed when a test alters the body after signing.
 */
export function stripeDelivery(body: string, { signed = body, forgeWithSecret }: { signed?: string; forgeWithSecret?: string } = {}): SandboxNotification {
  return {
    path: webhookPath('stripe'),
    query: '',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': stripeSignatureHeader(signed, forgeWithSecret ?? localValue('StripeWebhookSecret')),
    },
    body,
  };
}
