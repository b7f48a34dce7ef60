import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's documented webhook signature check (https://docs.stripe.com/webhooks#verify-manually),
 * as the SDK's `webhooks.constructEvent` does it, without loading the SDK: `Stripe-Signature` is
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`; one `v1` must equal the hex HMAC-SHA256 of
 * `"<t>.<raw body>"` under the endpoint's signing secret, and the event must be at most
 * `toleranceSeconds` old (a replay otherwise). Throws an Error saying which part failed.
 */
export function verifyStripeSignature(body: string, header: string, signingSecret: string, toleranceSeconds: number, now = Date.now()): void {
  const fields = header.split(',').map((part) => part.trim().split('='));
  const timestamp = fields.find(([key]) => key === 't')?.[1];
  const signatures = fields.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) {
    throw new Error('Unable to extract timestamp and signatures from header');
  }
  const expected = Buffer.from(createHmac('sha256', signingSecret).update(`${timestamp}.${body}`, 'utf8').digest('hex'), 'utf8');
  const matches = signatures.some((signature) => {
    const received = Buffer.from(signature, 'utf8');
    return received.length === expected.length && timingSafeEqual(received, expected);
  });
  if (!matches) throw new Error('No signatures found matching the expected signature for payload');
  if (toleranceSeconds > 0 && Math.floor(now / 1000) - Number(timestamp) > toleranceSeconds) {
    throw new Error('Timestamp outside the tolerance zone');
  }
}
