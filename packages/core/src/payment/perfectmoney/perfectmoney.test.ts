import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerfectMoneySandbox, perfectMoneyNotification } from '@numbernest/local/payments/perfectmoney';
import { SignatureError, ValidationError } from '../../errors';
import { encodeForm, parseForm } from '../form';
import { checkoutInput, startSandboxServer } from '../sandbox-test-server';
import { perfectMoney } from './index';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer(perfectMoney, createPerfectMoneySandbox);
});
afterAll(() => server.close());
const topUpId = 'lx0abc123def456';
const parse = (body: string) => perfectMoney.parseNotification({ body, headers: {}, query: {} });
const md5 = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();

describe('perfect money checkout', () => {
  it('is the SCI form posted to step1.asp', async () => {
    const input = checkoutInput(server.appUrl, 'perfectmoney', topUpId, 2550);
    expect(await perfectMoney.createCheckout(input)).toEqual({
      method: 'POST',
      url: `${server.appUrl}/_local/perfectmoney/api/step1.asp`,
      fields: {
        PAYEE_ACCOUNT: 'U1234567',
        PAYEE_NAME: 'NumberNest',
        PAYMENT_ID: topUpId,
        PAYMENT_AMOUNT: '25.50',
        PAYMENT_UNITS: 'USD',
        STATUS_URL: input.notifyUrl,
        PAYMENT_URL: input.successUrl,
        PAYMENT_URL_METHOD: 'GET',
        NOPAYMENT_URL: input.cancelUrl,
        NOPAYMENT_URL_METHOD: 'GET',
        SUGGESTED_MEMO: `NumberNest balance top-up ${topUpId}`,
        BAGGAGE_FIELDS: '',
      },
    });
    expect(perfectMoney.expected()).toEqual({ currency: 'USD', merchant: 'U1234567' });
  });

  it('the sandbox takes the form, and Pay posts the status call to STATUS_URL then returns to PAYMENT_URL', async () => {
    const input = checkoutInput(server.appUrl, 'perfectmoney', 'lx0pmcheckout01');
    const checkout = await perfectMoney.createCheckout(input);
    const posted = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams(checkout.fields), redirect: 'manual' });
    expect(posted.status).toBe(303);
    const page = posted.headers.get('location')!;
    expect(await (await fetch(page)).text()).toContain('25.00 USD');
    const paid = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(input.successUrl);
    expect(server.received.at(-1)).toMatchObject({ kind: 'paid', topUpId: 'lx0pmcheckout01', amountCents: 2500, merchant: 'U1234567' });
    const cancelled = await fetch(`${page}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(409); // already paid
  });

  it('the sandbox refuses an unknown payee account', async () => {
    const checkout = await perfectMoney.createCheckout(checkoutInput(server.appUrl, 'perfectmoney', topUpId));
    const posted = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams({ ...checkout.fields, PAYEE_ACCOUNT: 'U0000001' }) });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('Invalid Payee Account');
  });
});

describe('perfect money status call', () => {
  it('verifies a V2_HASH computed as the SCI manual describes', async () => {
    const fields = {
      PAYEE_ACCOUNT: 'U1234567',
      PAYMENT_ID: topUpId,
      PAYMENT_AMOUNT: '10',
      PAYMENT_UNITS: 'USD',
      PAYMENT_BATCH_NUM: '123456789',
      PAYER_ACCOUNT: 'U1111111',
      TIMESTAMPGMT: '1700000000',
    };
    const alternateHash = md5('local-perfect-money-alternate-passphrase');
    const V2_HASH = md5(`${topUpId}:U1234567:10:USD:123456789:U1111111:${alternateHash}:1700000000`);
    expect(await parse(encodeForm({ ...fields, V2_HASH: V2_HASH.toLowerCase() }))).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 1000,
      currency: 'USD',
      merchant: 'U1234567',
      providerRef: '123456789',
    });
  });

  it('round-trips the sandbox notification to a paid event', async () => {
    const notification = perfectMoneyNotification({ topUpId, amountCents: 2500 });
    expect(notification.path).toBe('/api/webhooks/perfectmoney');
    expect(notification.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const event = await parse(notification.body);
    expect(event).toMatchObject({ kind: 'paid', topUpId, amountCents: 2500, currency: 'USD', merchant: 'U1234567' });
    expect(event.kind === 'paid' && event.providerRef).toBe(parseForm(notification.body).PAYMENT_BATCH_NUM);
  });

  it('repeats the same bytes for the same payment (a replay)', () => {
    const options = { topUpId, amountCents: 2500, paymentId: '987654321' };
    expect(perfectMoneyNotification(options).body).toBe(perfectMoneyNotification(options).body);
  });

  it('refuses a forged, altered or unsigned call', async () => {
    await expect(parse(perfectMoneyNotification({ topUpId, amountCents: 2500, forgeWithSecret: 'guess' }).body)).rejects.toThrow(SignatureError);
    await expect(parse(perfectMoneyNotification({ topUpId, amountCents: 2500, alterAmountCents: 250000 }).body)).rejects.toThrow(SignatureError);
    const unsigned = parseForm(perfectMoneyNotification({ topUpId, amountCents: 2500 }).body);
    delete unsigned.V2_HASH;
    await expect(parse(encodeForm(unsigned))).rejects.toThrow(SignatureError);
  });

  it('takes a call missing a signed field as malformed', async () => {
    const partial = parseForm(perfectMoneyNotification({ topUpId, amountCents: 2500 }).body);
    delete partial.PAYER_ACCOUNT;
    await expect(parse(encodeForm(partial))).rejects.toThrow(ValidationError);
  });

  it('parses the payee and units the call names, for the caller to compare', async () => {
    const event = await parse(perfectMoneyNotification({ topUpId, amountCents: 2500, merchant: 'U9999999', currency: 'EUR' }).body);
    expect(event).toMatchObject({ kind: 'paid', merchant: 'U9999999', currency: 'EUR' });
  });

  it('has no failed notification: Perfect Money only calls for payments', () => {
    expect(() => perfectMoneyNotification({ topUpId, amountCents: 2500, status: 'failed' })).toThrow(/no notification/);
  });

  it('replies in plain text', () => {
    const event = { kind: 'failed', topUpId, providerRef: '1' } as const;
    expect(perfectMoney.acknowledge(event)).toEqual({ statusCode: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' });
    expect(perfectMoney.refuse(401, 'bad signature')).toEqual({ statusCode: 401, contentType: 'text/plain; charset=utf-8', body: 'bad signature' });
  });
});
