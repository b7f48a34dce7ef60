import { createHmac, sign } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { binanceNotification, createBinanceSandbox } from '@numbernest/local/payments/binance';
import { binancePlatformPrivateKey } from '@numbernest/local/payments/binance-keys';
import { SignatureError } from '../../errors';
import { checkoutInput, startSandboxServer } from '../sandbox-test-server';
import { binance as adapter } from './index';
import { merchantPassThroughInfo, requestSignature, signedPayload } from './signing';

// The sandbox on a loopback port plays the provider; its webhook route is the adapter's.
const server = await startSandboxServer(adapter, createBinanceSandbox);
afterAll(() => server.close());

const topUpId = 'lx0binance0001';
const merchantId = '987654321';
const secretKey = 'local-binance-pay-secret-key';
const parse = (notification: { body: string; headers: Record<string, string> }) => adapter.parseNotification({ ...notification, query: {} });
const input = checkoutInput(server.appUrl, 'binance', topUpId, 2550);

describe('binance checkout', () => {
  it('creates a v3 order at the sandbox and opens its checkout page', async () => {
    const checkout = await adapter.createCheckout(input);
    expect(checkout).toMatchObject({ method: 'GET', fields: {} });
    expect(checkout.url).toBe(`${server.appUrl}/_local/binance/checkout/${checkout.providerRef}`);
    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('25.50 USDT');
    expect(adapter.expected()).toEqual({ currency: 'USDT', merchant: merchantId });
  });

  it('Pay posts the notification to the webhook, which the adapter takes, then returns to returnUrl', async () => {
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

  it('is refused by the sandbox, as by Binance, when the request signature is wrong', async () => {
    const body = '{}';
    const headers = {
      'content-type': 'application/json',
      'binancepay-timestamp': '1',
      'binancepay-nonce': 'n'.repeat(32),
      'binancepay-certificate-sn': 'local-binance-pay-api-key',
      'binancepay-signature': requestSignature(signedPayload('1', 'n'.repeat(32), body), 'not-the-secret'),
    };
    const reply = await fetch(`${server.appUrl}/_local/binance/binancepay/openapi/v3/order`, { method: 'POST', headers, body });
    expect(await reply.json()).toMatchObject({ status: 'FAIL', code: '400002' });
  });

  it('signs requests as Binance documents: upper-case hex HMAC-SHA512 of timestamp, nonce, body', () => {
    const expected = createHmac('sha512', secretKey).update('1700000000000\nabc\n{"a":1}\n').digest('hex').toUpperCase();
    expect(requestSignature(signedPayload('1700000000000', 'abc', '{"a":1}'), secretKey)).toBe(expected);
  });
});

describe('binance order notification', () => {
  it('round-trips the sandbox notification to a paid event (totalFee 25.50000000 is 2550 cents)', async () => {
    const notification = binanceNotification({ topUpId, amountCents: 2550 });
    expect(notification.path).toBe('/api/webhooks/binance');
    expect(notification.body).toContain('\\"totalFee\\":25.50000000');
    expect(await parse(notification)).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 2550,
      currency: 'USDT',
      merchant: merchantId,
      providerRef: JSON.parse(JSON.parse(notification.body).data).transactionId,
    });
    expect(await parse(binanceNotification({ topUpId, amountCents: 2550, paymentId: 'M_R_1' }))).toMatchObject({ providerRef: 'M_R_1' });
  });

  it('verifies a notification signed as Binance documents it (SHA256withRSA, base64)', async () => {
    const data = JSON.stringify({
      merchantTradeNo: topUpId,
      totalFee: 1,
      currency: 'USDT',
      passThroughInfo: merchantPassThroughInfo(merchantId, topUpId, secretKey),
    });
    const body = JSON.stringify({ bizType: 'PAY', bizId: 1, bizIdStr: '1', bizStatus: 'PAY_SUCCESS', data });
    const { headers } = binanceNotification({ topUpId, amountCents: 100 });
    const signature = sign('sha256', Buffer.from(`${headers['binancepay-timestamp']}\n${headers['binancepay-nonce']}\n${body}\n`), binancePlatformPrivateKey);
    expect(await parse({ body, headers: { ...headers, 'binancepay-signature': signature.toString('base64') } })).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 100,
      currency: 'USDT',
      merchant: merchantId,
      providerRef: '1',
    });
  });

  it('refuses a forged, an altered or an unsigned notification, or an unknown certificate', async () => {
    await expect(parse(binanceNotification({ topUpId, amountCents: 2550, forgeWithSecret: 'x' }))).rejects.toThrow(SignatureError);
    await expect(parse(binanceNotification({ topUpId, amountCents: 2550, alterAmountCents: 255_000 }))).rejects.toThrow(SignatureError);
    const { body, headers } = binanceNotification({ topUpId, amountCents: 2550 });
    await expect(parse({ body, headers: { ...headers, 'binancepay-signature': '' } })).rejects.toThrow(SignatureError);
    await expect(parse({ body, headers: { ...headers, 'binancepay-certificate-sn': 'unknown' } })).rejects.toThrow(SignatureError);
  });

  it("refuses Binance's authentic notification of an order another merchant made (no tag of ours)", async () => {
    const data = JSON.stringify({
      merchantTradeNo: topUpId,
      totalFee: 25.5,
      currency: 'USDT',
      passThroughInfo: merchantPassThroughInfo(merchantId, topUpId, 'their-secret'),
    });
    const body = JSON.stringify({ bizType: 'PAY', bizId: 1, bizIdStr: '1', bizStatus: 'PAY_SUCCESS', data });
    const { headers } = binanceNotification({ topUpId, amountCents: 100 });
    const signature = sign(
      'sha256',
      Buffer.from(signedPayload(headers['binancepay-timestamp']!, headers['binancepay-nonce']!, body)),
      binancePlatformPrivateKey,
    );
    await expect(parse({ body, headers: { ...headers, 'binancepay-signature': signature.toString('base64') } })).rejects.toThrow(SignatureError);
  });

  it('parses the merchant and currency a notification names', async () => {
    expect(await parse(binanceNotification({ topUpId, amountCents: 2550, merchant: '111', currency: 'BUSD' }))).toMatchObject({
      kind: 'paid',
      merchant: '111',
      currency: 'BUSD',
    });
  });

  it('turns PAY_CLOSED into a failed event with the prepay id', async () => {
    const notification = binanceNotification({ topUpId, amountCents: 2550, status: 'failed' });
    expect(await parse(notification)).toEqual({ kind: 'failed', topUpId, providerRef: JSON.parse(notification.body).bizIdStr });
  });

  it('repeats the same bytes for the same payment (a replay), signed with the time of sending', () => {
    const options = { topUpId, amountCents: 2550, paymentId: 'M_R_2' };
    expect(binanceNotification({ ...options, sentAt: 1_700_000_000_000 })).toEqual(binanceNotification({ ...options, sentAt: 1_700_000_000_000 }));
    expect(binanceNotification(options).body).toBe(binanceNotification({ ...options, sentAt: 1_700_000_000_000 }).body);
    const now = Number(binanceNotification(options).headers['binancepay-timestamp']);
    expect(Math.abs(now - Date.now())).toBeLessThan(5000);
  });

  it('refuses a notification whose signed timestamp is more than 5 minutes from now, either way (a replay, or a forged clock)', async () => {
    const minute = 60_000;
    for (const offset of [-6 * minute, 6 * minute, -Date.now()]) {
      await expect(parse(binanceNotification({ topUpId, amountCents: 2550, sentAt: Date.now() + offset }))).rejects.toThrow(
        new SignatureError('Binance Pay notification timestamp is outside the 5-minute window'),
      );
    }
    for (const offset of [-4 * minute, 4 * minute]) {
      expect(await parse(binanceNotification({ topUpId, amountCents: 2550, sentAt: Date.now() + offset }))).toMatchObject({ kind: 'paid', topUpId });
    }
    const { body, headers } = binanceNotification({ topUpId, amountCents: 2550 });
    await expect(parse({ body, headers: { ...headers, 'binancepay-timestamp': 'soon' } })).rejects.toThrow(SignatureError);
  });

  it('replies as Binance expects', () => {
    expect(adapter.acknowledge({ kind: 'ignored', reason: 'x' })).toMatchObject({ statusCode: 200, body: '{"returnCode":"SUCCESS","returnMessage":null}' });
    expect(adapter.refuse(400, 'bad')).toMatchObject({ statusCode: 400, body: '{"returnCode":"FAIL","returnMessage":"bad"}' });
  });
});
