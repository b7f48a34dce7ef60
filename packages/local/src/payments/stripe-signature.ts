import { createHmac } from 'node:crypto';

/** `Stripe-Signature`: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the time of sending (checked within 5 minutes). */
export function stripeSignatureHeader(body: string, secret: string, time = new Date()): string {
  const t = Math.floor(time.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}
