import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayeerSandbox, payeerNotification } from '@numbernest/local/payments/payeer';
import { SignatureError } from '../../errors';
import { encodeForm, parseForm } from '../form';
import { checkoutInput, startSandboxServer } from '../sandbox-test-server';
import { payeer } from './index';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer(payeer, createPayeerSandbox);
});
afterAll(() => server.close());
const topUpId = 'lx0abc123def456';
const secretKey = 'local-payeer-secret';
const parse = (body: string) => payeer.parseNotification({ body, headers: {}, query: {} });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').toUpperCase();

describe('payeer checkout', () => {
  it('is the merchant link with m_sign over shop, order, amount, currency and description', async () => {
    const checkout = await payeer.createCheckout(checkoutInput(server.appUrl, 'payeer', topUpId));
    expect(checkout.method).toBe('GET');
    const url = new URL(checkout.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.appUrl}/_local/payeer/merchant/`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ m_shop: '1234567890', m_orderid: topUpId, m_amount: '25.00', m_curr: 'USD' });
    expect(Buffer.from(q.m_desc!, 'base64').toString()).toContain(topUpId);
    expect(q.m_sign).toBe(sha256(`1234567890:${topUpId}:25.00:USD:${q.m_desc}:${secretKey}`));
    expect(payeer.expected()).toEqual({ currency: 'USD', merchant: '1234567890' });
  });
});

describe('payeer sandbox', () => {
  it('checks the link, and Pay posts the status call then returns to the configured success URL', async () => {
    const checkout = await payeer.createCheckout(checkoutInput(server.appUrl, 'payeer', 'lx0pycheckout01'));
    const opened = await fetch(checkout.url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const page = opened.headers.get('location')!;
    const paid = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`${server.appUrl}/payeer/success?top_up=lx0pycheckout01`);
    expect(server.received.at(-1)).toMatchObject({ kind: 'paid', topUpId: 'lx0pycheckout01', amountCents: 2500, merchant: '1234567890' });
  });

  it('shows an error page for a link with a wrong m_sign', async () => {
    const checkout = await payeer.createCheckout(checkoutInput(server.appUrl, 'payeer', topUpId));
    const tampered = new URL(checkout.url);
    tampered.searchParams.set('m_amount', '1.00');
    const opened = await fetch(tampered);
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('Wrong signature');
  });
});

describe('payeer status call', () => {
  const documented = {
    m_operation_id: '1234567890',
    m_operation_ps: '2609',
    m_operation_date: '01.02.2025 10:00:00',
    m_operation_pay_date: '01.02.2025 10:00:05',
    m_shop: '1234567890',
    m_orderid: topUpId,
    m_amount: '25.5',
    m_curr: 'USD',
    m_desc: 'ZGVzYw==',
    m_status: 'success',
  };
  const signedAsDocumented = (fields: Record<string, string>) => sha256([...Object.values(fields), secretKey].join(':'));

  it('verifies m_sign computed as Payeer documents it', async () => {
    expect(await parse(encodeForm({ ...documented, m_sign: signedAsDocumented(documented) }))).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 2550,
      currency: 'USD',
      merchant: '1234567890',
      providerRef: '1234567890',
    });
  });

  it('signs m_params just before the key when present', async () => {
    const withParams = { ...documented, m_params: 'encrypted' };
    await expect(parse(encodeForm({ ...withParams, m_sign: signedAsDocumented(withParams) }))).resolves.toMatchObject({ kind: 'paid' });
    await expect(parse(encodeForm({ ...withParams, m_sign: signedAsDocumented(documented) }))).rejects.toThrow(SignatureError);
  });

  it('round-trips the sandbox notification to a paid event', async () => {
    const notification = payeerNotification({ topUpId, amountCents: 2500 });
    expect(notification.path).toBe('/api/webhooks/payeer');
    const event = await parse(notification.body);
    expect(event).toMatchObject({ kind: 'paid', topUpId, amountCents: 2500, currency: 'USD', merchant: '1234567890' });
    expect(event.kind === 'paid' && event.providerRef).toBe(parseForm(notification.body).m_operation_id);
  });

  it('repeats the same bytes for the same payment (a replay)', () => {
    const options = { topUpId, amountCents: 2500, paymentId: '2000000001' };
    expect(payeerNotification(options).body).toBe(payeerNotification(options).body);
  });

  it('refuses a forged, altered or unsigned call', async () => {
    await expect(parse(payeerNotification({ topUpId, amountCents: 2500, forgeWithSecret: 'guess' }).body)).rejects.toThrow(SignatureError);
    await expect(parse(payeerNotification({ topUpId, amountCents: 2500, alterAmountCents: 250000 }).body)).rejects.toThrow(SignatureError);
    await expect(parse(encodeForm(documented))).rejects.toThrow(SignatureError);
  });

  it('parses the shop the call names, for the caller to compare', async () => {
    await expect(parse(payeerNotification({ topUpId, amountCents: 2500, merchant: '999' }).body)).resolves.toMatchObject({ kind: 'paid', merchant: '999' });
  });

  it('takes m_status fail as a failed payment', async () => {
    const notification = payeerNotification({ topUpId, amountCents: 2500, status: 'failed', paymentId: '2000000002' });
    expect(await parse(notification.body)).toEqual({ kind: 'failed', topUpId, providerRef: '2000000002' });
  });

  it('replies with the order id and success or error', () => {
    const event = { kind: 'failed', topUpId, providerRef: '1' } as const;
    expect(payeer.acknowledge(event)).toEqual({ statusCode: 200, contentType: 'text/plain; charset=utf-8', body: `${topUpId}|success` });
    expect(payeer.refuse(404, 'unknown top-up', event).body).toBe(`${topUpId}|error`);
    expect(payeer.refuse(401, 'bad signature')).toMatchObject({ statusCode: 401, body: '|error' });
  });
});
