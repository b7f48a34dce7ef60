import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyStripeSignature } from './signature';

const secret = 'whsec_signature_test';
const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
const now = Date.UTC(2026, 0, 1, 12);
const t = Math.floor(now / 1000);
/** The header the SDK itself makes for a payload (as Stripe signs it). */
const sdkHeader = (payload: string, timestamp: number, withSecret = secret) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: withSecret, timestamp });

describe('verifyStripeSignature (no SDK at run time)', () => {
  it('accepts what the SDK signs and what the SDK accepts', () => {
    const header = sdkHeader(body, t);
    expect(() => Stripe.webhooks.constructEvent(body, header, secret, 300, undefined, now)).not.toThrow();
    expect(() => verifyStripeSignature(body, header, secret, 300, now)).not.toThrow();
  });

  it('accepts any one matching v1 (secrets being rolled) and ignores other schemes', () => {
    const good = sdkHeader(body, t).split(',')[1]!;
    expect(() => verifyStripeSignature(body, `t=${t},v0=abc,v1=${'0'.repeat(64)},${good}`, secret, 300, now)).not.toThrow();
  });

  it('refuses another secret, an altered body, a stale event and a malformed header, like the SDK', () => {
    const cases: [string, string, number][] = [
      [body, sdkHeader(body, t, 'whsec_guess'), now],
      [body.replace('evt_1', 'evt_2'), sdkHeader(body, t), now],
      [body, sdkHeader(body, t - 301), now],
      [body, 'garbage', now],
      [body, `t=${t}`, now],
      [body, sdkHeader(body, t).replace(/v1=/, 'v0='), now],
    ];
    for (const [payload, header, at] of cases) {
      expect(() => Stripe.webhooks.constructEvent(payload, header, secret, 300, undefined, at)).toThrow();
      expect(() => verifyStripeSignature(payload, header, secret, 300, at)).toThrow();
    }
  });
});
