import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createCryptoSandbox, cryptoNotification } from '@numbernest/local/payments/crypto';
import { SignatureError, ValidationError } from '../../errors';
import { checkoutInput, startSandboxServer } from '../sandbox-test-server';
import { crypto as adapter } from './index';

// The sandbox on a loopback port plays the provider; its webhook route is the adapter's.
const server = await startSandboxServer(adapter, createCryptoSandbox);
afterAll(() => server.close());

const topUpId = 'lx0crypto00001';
const ipnSecret = 'local-nowpayments-ipn-secret';
const parse = (notification: { body: string; headers: Record<string, string> }) => adapter.parseNotification({ ...notification, query: {} });
const input = checkoutInput(server.appUrl, 'crypto', topUpId, 2500);

describe('nowpayments checkout', () => {
  it('creates an invoice at the sandbox and opens its invoice page', async () => {
    const checkout = await adapter.createCheckout(input);
    expect(checkout).toMatchObject({ method: 'GET', fields: {} });
    expect(checkout.url).toBe(`${server.appUrl}/_local/nowpayments/invoice/${checkout.providerRef}`);
    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('25.00 USD');
    expect(adapter.expected()).toEqual({ currency: 'usd', merchant: 'nowpayments' });
  });

  it('Pay posts the finished IPN to the callback, which the adapter takes, then returns to success_url', async () => {
    const { url } = await adapter.createCheckout(input);
    const pay = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(input.successUrl);
    expect(server.received.at(-1)).toMatchObject({ kind: 'paid', topUpId, amountCents: input.amountCents });
    server.state.refuseWebhooks = true;
    const refused = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    server.state.refuseWebhooks = false;
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('Unknown top-up');
    const cancel = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(input.cancelUrl);
  });

  it('is refused by the sandbox, as by NOWPayments, with a wrong API key', async () => {
    const reply = await fetch(`${server.appUrl}/_local/nowpayments/v1/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'wrong' },
      body: JSON.stringify({ price_amount: 25, price_currency: 'usd' }),
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  });
});

describe('nowpayments IPN', () => {
  it('round-trips the sandbox IPN to a paid event', async () => {
    const notification = cryptoNotification({ topUpId, amountCents: 2550 });
    expect(notification.path).toBe('/api/webhooks/crypto');
    expect(await parse(notification)).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 2550,
      currency: 'usd',
      merchant: 'nowpayments',
      providerRef: String(JSON.parse(notification.body).payment_id),
    });
  });

  it('verifies an IPN signed as NOWPayments documents it (keys sorted at every depth)', async () => {
    const ipn = {
      price_amount: 10,
      payment_status: 'finished',
      payment_id: 5077125051,
      order_id: topUpId,
      price_currency: 'usd',
      fee: { serviceFee: 0, currency: 'usdttrc20' },
    };
    const sorted =
      '{"fee":{"currency":"usdttrc20","serviceFee":0},"order_id":"' +
      topUpId +
      '","payment_id":5077125051,"payment_status":"finished","price_amount":10,"price_currency":"usd"}';
    const signature = createHmac('sha512', ipnSecret).update(sorted).digest('hex');
    expect(await parse({ body: JSON.stringify(ipn), headers: { 'x-nowpayments-sig': signature } })).toMatchObject({
      kind: 'paid',
      amountCents: 1000,
      providerRef: '5077125051',
    });
  });

  it('refuses a forged, an altered or an unsigned IPN, and another account’s', async () => {
    await expect(parse(cryptoNotification({ topUpId, amountCents: 2500, forgeWithSecret: 'guess' }))).rejects.toThrow(SignatureError);
    await expect(parse(cryptoNotification({ topUpId, amountCents: 2500, alterAmountCents: 250_000 }))).rejects.toThrow(SignatureError);
    await expect(parse({ ...cryptoNotification({ topUpId, amountCents: 2500 }), headers: {} })).rejects.toThrow(SignatureError);
    await expect(parse(cryptoNotification({ topUpId, amountCents: 2500, merchant: 'someone-else' }))).rejects.toThrow(SignatureError);
    await expect(parse({ body: 'not json', headers: { 'x-nowpayments-sig': 'ab' } })).rejects.toThrow(ValidationError);
  });

  it('parses the currency an IPN names', async () => {
    expect(await parse(cryptoNotification({ topUpId, amountCents: 2500, currency: 'eur' }))).toMatchObject({
      kind: 'paid',
      currency: 'eur',
      merchant: 'nowpayments',
    });
  });

  it('turns failed and expired into a failed event and interim statuses into ignored', async () => {
    const failed = cryptoNotification({ topUpId, amountCents: 2500, status: 'failed' });
    expect(await parse(failed)).toEqual({ kind: 'failed', topUpId, providerRef: String(JSON.parse(failed.body).payment_id) });
    const signedWith = (payment_status: string) => {
      const ipn = { payment_id: 1, payment_status, order_id: topUpId, price_amount: 25, price_currency: 'usd' };
      return {
        body: JSON.stringify(ipn),
        headers: {
          'x-nowpayments-sig': createHmac('sha512', ipnSecret)
            .update(JSON.stringify(Object.fromEntries(Object.entries(ipn).sort())))
            .digest('hex'),
        },
      };
    };
    expect(await parse(signedWith('expired'))).toMatchObject({ kind: 'failed', providerRef: '1' });
    expect(await parse(signedWith('confirming'))).toMatchObject({ kind: 'ignored', topUpId });
    expect(await parse(signedWith('partially_paid'))).toMatchObject({ kind: 'ignored', topUpId });
  });

  it('repeats the same bytes for the same payment (a replay)', () => {
    const options = { topUpId, amountCents: 2500, paymentId: '4000000001' };
    expect(cryptoNotification(options)).toEqual(cryptoNotification(options));
  });

  it('replies as the routes expect', () => {
    expect(adapter.acknowledge({ kind: 'ignored', reason: 'x' })).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
    expect(adapter.refuse(404, 'Unknown top-up')).toMatchObject({ statusCode: 404, body: '{"error":"Unknown top-up"}' });
  });
});
