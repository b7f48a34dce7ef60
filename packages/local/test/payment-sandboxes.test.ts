import { createHash, createHmac, sign } from 'node:crypto';
import type { PaymentProvider } from '@numbernest/contracts';
import { SignatureError, ValidationError } from '@numbernest/core/errors';
import { adapters, merchantPassThroughInfo, requestSignature, signedPayload, encodeForm, parseForm } from '@numbernest/core/money';
import type { PaymentAdapter } from '@numbernest/core/money';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { binanceNotification, createBinanceSandbox } from '../src/payments/binance';
import { binancePlatformPrivateKey } from '../src/payments/binance-keys';
import { createCryptoSandbox, cryptoNotification } from '../src/payments/crypto';
import { createPayeerSandbox, payeerNotification } from '../src/payments/payeer';
import { createPerfectMoneySandbox, perfectMoneyNotification } from '../src/payments/perfectmoney';
import {
  createStripeSandbox,
  paymentIntentOfSession,
  stripeChargeRefundedNotification,
  stripeDisputeNotification,
  stripeNotification,
  stripeSignatureHeader,
} from '../src/payments/stripe';
import type { NotificationMaker, SandboxNotification } from '../src/payments/types';
import { checkoutInput, startSandboxServer } from './payment-sandbox-server';

/*
 * The five payment adapters against the local cloud's provider sandboxes, on one loopback port
 * (as in the local cloud); the webhook routes there are the adapters' own, with no table behind
 * them. One flow per provider first, then what only one provider does.
 */
const { stripe, payeer, perfectmoney: perfectMoney, crypto, binance } = adapters;
const server = await startSandboxServer(
  [stripe, payeer, perfectMoney, crypto, binance],
  [createStripeSandbox, createPayeerSandbox, createPerfectMoneySandbox, createCryptoSandbox, createBinanceSandbox],
);
afterAll(() => server.close());

const parseWith = (adapter: PaymentAdapter, notification: { body: string; headers: Record<string, string> }) =>
  adapter.parseNotification({ body: notification.body, headers: notification.headers, query: {} });
const withoutField = (notification: SandboxNotification, field: string): SandboxNotification => {
  const fields = parseForm(notification.body);
  delete fields[field];
  return { ...notification, body: encodeForm(fields) };
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').toUpperCase();
const md5 = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();

interface ProviderCase {
  id: PaymentProvider;
  adapter: PaymentAdapter;
  notification: NotificationMaker;
  /** Opens a created checkout as the browser does: answers the sandbox's page URL. */
  openCheckout(checkout: Awaited<ReturnType<PaymentAdapter['createCheckout']>>): Promise<string>;
  /** How the page shows 25.50. */
  pageAmount: string;
  expected: { currency: string; merchant: string };
  /** After a payment, the sandbox's checkout is closed (409), or its Pay sends the notification again. */
  paidCheckout: 'closed' | 'notifies again';
  /** The refs a paid event carries for this notification. */
  refs(notification: SandboxNotification): { providerRef: string; paymentRef?: string };
  /** The notification with its signature taken off. */
  unsigned(notification: SandboxNotification): SandboxNotification;
  /** Another merchant/currency named in a notification: parsed for the caller to compare, or refused outright. */
  named: { merchant: string; currency?: string } | { refusedMerchant: string; currency: string };
  /** The providerRef of a failed event for this notification; null: the provider never notifies a failure. */
  failedRef: ((notification: SandboxNotification, paymentId: string) => string) | null;
  /** Its notifications repeat their headers too for the same payment (none that sign the time of sending with a clock of their own). */
  headersRepeat: boolean;
  /** What the sandbox's error page shows of our refusal (the reply's body, which Payeer wants as `<order id>|error`). */
  refusalShown?: (topUpId: string) => string;
  /** Its notifications echo back the paying account the checkout named (the settle's hint). */
  echoesAccount?: true;
}

const json = (notification: SandboxNotification) => JSON.parse(notification.body);
const providers: ProviderCase[] = [
  {
    id: 'stripe',
    adapter: stripe,
    notification: stripeNotification,
    openCheckout: async (checkout) => checkout.url,
    pageAmount: '25.50 USD',
    expected: { currency: 'usd', merchant: 'stripe' },
    paidCheckout: 'closed',
    echoesAccount: true,
    refs: (n) => ({ providerRef: json(n).data.object.id, paymentRef: paymentIntentOfSession(json(n).data.object.id) }),
    unsigned: (n) => ({ ...n, headers: {} }),
    named: { merchant: 'acct_other' },
    failedRef: (_, paymentId) => paymentId,
    headersRepeat: false,
  },
  {
    id: 'payeer',
    adapter: payeer,
    notification: payeerNotification,
    openCheckout: async (checkout) => {
      const opened = await fetch(checkout.url, { redirect: 'manual' });
      expect(opened.status).toBe(303);
      return opened.headers.get('location')!;
    },
    pageAmount: '25.50 USD',
    expected: { currency: 'USD', merchant: '1234567890' },
    paidCheckout: 'closed',
    refs: (n) => ({ providerRef: parseForm(n.body).m_operation_id! }),
    unsigned: (n) => withoutField(n, 'm_sign'),
    named: { merchant: '999' },
    refusalShown: (topUpId) => `${topUpId}|error`,
    failedRef: (_, paymentId) => paymentId,
    headersRepeat: true,
  },
  {
    id: 'perfectmoney',
    adapter: perfectMoney,
    notification: perfectMoneyNotification,
    openCheckout: async (checkout) => {
      const posted = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams(checkout.fields), redirect: 'manual' });
      expect(posted.status).toBe(303);
      return posted.headers.get('location')!;
    },
    pageAmount: '25.50 USD',
    expected: { currency: 'USD', merchant: 'U1234567' },
    paidCheckout: 'closed',
    refs: (n) => ({ providerRef: parseForm(n.body).PAYMENT_BATCH_NUM! }),
    unsigned: (n) => withoutField(n, 'V2_HASH'),
    named: { merchant: 'U9999999', currency: 'EUR' },
    failedRef: null,
    headersRepeat: true,
  },
  {
    id: 'crypto',
    adapter: crypto,
    notification: cryptoNotification,
    openCheckout: async (checkout) => {
      expect(checkout).toMatchObject({ method: 'GET', fields: {} });
      expect(checkout.url).toBe(`${server.appUrl}/_local/nowpayments/invoice/${checkout.providerRef}`);
      return checkout.url;
    },
    pageAmount: '25.50 USD',
    expected: { currency: 'usd', merchant: 'nowpayments' },
    paidCheckout: 'notifies again',
    refs: (n) => ({ providerRef: String(json(n).payment_id) }),
    unsigned: (n) => ({ ...n, headers: {} }),
    named: { refusedMerchant: 'someone-else', currency: 'eur' },
    failedRef: (n) => String(json(n).payment_id),
    headersRepeat: true,
  },
  {
    id: 'binance',
    adapter: binance,
    notification: binanceNotification,
    openCheckout: async (checkout) => {
      expect(checkout).toMatchObject({ method: 'GET', fields: {} });
      expect(checkout.url).toBe(`${server.appUrl}/_local/binance/checkout/${checkout.providerRef}`);
      return checkout.url;
    },
    pageAmount: '25.50 USDT',
    expected: { currency: 'USDT', merchant: '987654321' },
    paidCheckout: 'notifies again',
    refs: (n) => ({ providerRef: JSON.parse(json(n).data).transactionId }),
    unsigned: (n) => ({ ...n, headers: { ...n.headers, 'binancepay-signature': '' } }),
    named: { merchant: '111', currency: 'BUSD' },
    failedRef: (n) => json(n).bizIdStr,
    headersRepeat: true,
  },
];

describe.each(providers)('$id through its sandbox', (provider) => {
  const { id, adapter } = provider;
  const parse = (notification: { body: string; headers: Record<string, string> }) => parseWith(adapter, notification);
  const topUpId = `lx0${id.slice(0, 6)}flow01`;

  it('a checkout opens the sandbox’s page with the amount; the adapter expects its configured currency and merchant', async () => {
    const page = await provider.openCheckout(await adapter.createCheckout(checkoutInput(server.appUrl, id, `${topUpId}a`, 2550)));
    const shown = await fetch(page);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(provider.pageAmount);
    expect(adapter.expected()).toEqual(provider.expected);
  });

  it('Pay notifies our webhook, which the adapter takes as paid, then returns to the success URL; a refused notification stays on screen', async () => {
    const input = checkoutInput(server.appUrl, id, `${topUpId}b`, 2550);
    const page = await provider.openCheckout(await adapter.createCheckout(input));
    server.state.refuseWebhooks = true;
    const refused = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    server.state.refuseWebhooks = false;
    expect(refused.status).toBe(502);
    const shown = await refused.text();
    expect(shown).toContain('HTTP 404');
    expect(shown).toContain(provider.refusalShown?.(input.topUpId) ?? 'Unknown top-up');

    const paid = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(input.successUrl);
    expect(server.received.at(-1)).toMatchObject({ kind: 'paid', topUpId: input.topUpId, amountCents: 2550, ...provider.expected });
    const paidEvent = server.received.at(-1);
    expect(paidEvent?.kind === 'paid' ? paidEvent.accountHint : undefined).toBe(provider.echoesAccount ? input.accountSub : undefined);

    if (provider.paidCheckout === 'closed') {
      expect((await fetch(`${page}/cancel`, { method: 'POST', redirect: 'manual' })).status).toBe(409);
    } else {
      // Pay again sends the notification again (the shop refusing it this time).
      server.state.refuseWebhooks = true;
      const again = await fetch(`${page}/pay`, { method: 'POST', redirect: 'manual' });
      server.state.refuseWebhooks = false;
      expect(again.status).toBe(502);
      expect(await again.text()).toContain('Unknown top-up');
    }
  });

  it('Cancel returns to the cancel URL', async () => {
    const input = checkoutInput(server.appUrl, id, `${topUpId}c`);
    const page = await provider.openCheckout(await adapter.createCheckout(input));
    const cancelled = await fetch(`${page}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(input.cancelUrl);
  });

  it('round-trips the sandbox notification to a paid event', async () => {
    const notification = provider.notification({ topUpId, amountCents: 2550 });
    expect(notification.path).toBe(`/api/webhooks/${id}`);
    expect(await parse(notification)).toEqual({ kind: 'paid', topUpId, amountCents: 2550, ...provider.expected, ...provider.refs(notification) });
  });

  it('repeats the same bytes for the same payment (a replay)', () => {
    const options = { topUpId, amountCents: 2500, paymentId: '4000000001', sentAt: 1_700_000_000_000 };
    expect(provider.notification(options).body).toBe(provider.notification(options).body);
    if (provider.headersRepeat) expect(provider.notification(options)).toEqual(provider.notification(options));
  });

  it('refuses a forged, an altered or an unsigned notification', async () => {
    await expect(parse(provider.notification({ topUpId, amountCents: 2500, forgeWithSecret: 'guess' }))).rejects.toThrow(SignatureError);
    await expect(parse(provider.notification({ topUpId, amountCents: 2500, alterAmountCents: 250_000 }))).rejects.toThrow(SignatureError);
    await expect(parse(provider.unsigned(provider.notification({ topUpId, amountCents: 2500 })))).rejects.toThrow(SignatureError);
  });

  it('parses the merchant and currency a notification names, for the caller to compare (or refuses another account outright)', async () => {
    const { named } = provider;
    if ('refusedMerchant' in named) {
      await expect(parse(provider.notification({ topUpId, amountCents: 2500, merchant: named.refusedMerchant }))).rejects.toThrow(SignatureError);
      expect(await parse(provider.notification({ topUpId, amountCents: 2500, currency: named.currency }))).toMatchObject({
        kind: 'paid',
        currency: named.currency,
        merchant: provider.expected.merchant,
      });
    } else {
      expect(await parse(provider.notification({ topUpId, amountCents: 2500, merchant: named.merchant, currency: named.currency }))).toMatchObject({
        kind: 'paid',
        merchant: named.merchant,
        ...(named.currency && { currency: named.currency }),
      });
    }
  });

  it('takes the provider’s failed status as a failed payment (Perfect Money has none: it only calls for payments)', async () => {
    const options = { topUpId, amountCents: 2500, status: 'failed' as const, paymentId: '4000000002' };
    if (!provider.failedRef) return expect(() => provider.notification(options)).toThrow(/no notification/);
    const notification = provider.notification(options);
    expect(await parse(notification)).toEqual({ kind: 'failed', topUpId, providerRef: provider.failedRef(notification, options.paymentId) });
  });
});

describe('stripe', () => {
  const topUpId = 'lx0abc123def456';
  const webhookSecret = 'whsec_local_numbernest';
  const parse = (body: string, signature?: string) =>
    stripe.parseNotification({ body, headers: signature === undefined ? {} : { 'stripe-signature': signature }, query: {} });
  const parseNotification = (notification: SandboxNotification) => parseWith(stripe, notification);

  it('creates a session through the SDK; Pay completes it, with the payment intent in the paid event', async () => {
    const checkout = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0001'));
    expect(checkout).toMatchObject({ method: 'GET', fields: {} });
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`${server.appUrl}/_local/stripe/checkout/${checkout.providerRef}`);
    await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(server.received.at(-1)).toEqual({
      kind: 'paid',
      topUpId: 'lx0checkout0001',
      amountCents: 2500,
      currency: 'usd',
      merchant: 'stripe',
      providerRef: checkout.providerRef,
      paymentRef: paymentIntentOfSession(checkout.providerRef!),
      accountHint: 'sandbox-payer',
    });
    const session = await fetch(`${server.appUrl}/v1/checkout/sessions/${checkout.providerRef}`, {
      headers: { authorization: 'Bearer sk_test_local_numbernest' },
    });
    expect(await session.json()).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'lx0checkout0001',
      metadata: { top_up_id: 'lx0checkout0001', account: 'sandbox-payer' },
    });
  });

  it('gives the same session for a retried create (idempotency key)', async () => {
    const first = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0002'));
    const again = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0002'));
    expect(again.providerRef).toBe(first.providerRef);
  });

  it('refunds a paid session through the SDK (/v1/refunds) and disputes it from the sandbox page: each posts its signed event', async () => {
    const checkout = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0004', 2000));
    await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    const paymentIntent = paymentIntentOfSession(checkout.providerRef!);
    await expect(stripe.findTopUpIdOfPayment!(paymentIntent)).resolves.toBe('lx0checkout0004');
    await expect(stripe.findTopUpIdOfPayment!('pi_unknown')).resolves.toBeUndefined();

    const api = new URL(server.appUrl);
    const sdk = new Stripe('sk_test_local_numbernest', { host: api.hostname, port: api.port, protocol: 'http' });
    const refund = await sdk.refunds.create({ payment_intent: paymentIntent, amount: 500 });
    expect(refund).toMatchObject({ object: 'refund', amount: 500, payment_intent: paymentIntent, status: 'succeeded' });
    expect(server.received.at(-1)).toEqual({
      kind: 'reversal',
      reversal: { type: 'refunded', chargeId: refund.charge, paymentRef: paymentIntent, refundedCents: 500, currency: 'usd' },
    });
    await sdk.refunds.create({ payment_intent: paymentIntent, amount: 300 });
    expect(server.received.at(-1)).toMatchObject({ reversal: { refundedCents: 800 } });
    await expect(sdk.refunds.create({ payment_intent: paymentIntent, amount: 1201 })).rejects.toThrow(/greater than unrefunded/);

    const disputed = await fetch(`${server.appUrl}/_local/stripe/payments/${paymentIntent}/dispute`, {
      method: 'POST',
      body: new URLSearchParams({ amount: '12.00' }),
      redirect: 'manual',
    });
    expect(disputed.status).toBe(303);
    const opened = server.received.at(-1) as { reversal: { disputeId: string } };
    expect(opened).toMatchObject({
      kind: 'reversal',
      reversal: { type: 'dispute-opened', paymentRef: paymentIntent, amountCents: 1200, currency: 'usd', reason: 'fraudulent' },
    });
    const page = await (await fetch(`${server.appUrl}/_local/stripe/payments`)).text();
    expect(page).toContain(opened.reversal.disputeId);
    const closed = await fetch(`${server.appUrl}/_local/stripe/disputes/${opened.reversal.disputeId}/close`, {
      method: 'POST',
      body: new URLSearchParams({ status: 'won' }),
      redirect: 'manual',
    });
    expect(closed.status).toBe(303);
    expect(server.received.at(-1)).toMatchObject({
      reversal: { type: 'dispute-closed', disputeId: opened.reversal.disputeId, status: 'won', amountCents: 1200 },
    });
    const again = await fetch(`${server.appUrl}/_local/stripe/disputes/${opened.reversal.disputeId}/close`, {
      method: 'POST',
      body: new URLSearchParams({ status: 'lost' }),
      redirect: 'manual',
    });
    expect(again.status).toBe(409);
  });

  it('answers a wrong API key with 401 in Stripe error form', async () => {
    const reply = await fetch(`${server.appUrl}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_wrong' },
      body: 'mode=payment',
    });
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('refuses a stale event or a garbage signature', async () => {
    const { body } = stripeNotification({ topUpId, amountCents: 2500 });
    await expect(parse(body, stripeSignatureHeader(body, webhookSecret, new Date(Date.now() - 301_000)))).rejects.toThrow(SignatureError);
    await expect(parse(body, 'garbage')).rejects.toThrow(SignatureError);
  });

  it('ignores an unpaid completion and event types it does not act on', async () => {
    const signedEvent = async (event: object) => {
      const body = JSON.stringify(event);
      return parse(body, stripeSignatureHeader(body, webhookSecret));
    };
    const session = {
      id: 'cs_test_u',
      object: 'checkout.session',
      client_reference_id: topUpId,
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'usd',
    };
    await expect(signedEvent({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: session } })).resolves.toMatchObject({
      kind: 'ignored',
      topUpId,
    });
    await expect(signedEvent({ id: 'evt_2', object: 'event', type: 'customer.created', data: { object: {} } })).resolves.toMatchObject({ kind: 'ignored' });
    await expect(
      signedEvent({ id: 'evt_3', object: 'event', type: 'checkout.session.async_payment_succeeded', data: { object: { ...session, payment_status: 'paid' } } }),
    ).resolves.toMatchObject({ kind: 'paid', amountCents: 2500 });
  });

  it('parses disputes and refunds by their payment intent, and refuses them forged', async () => {
    const dispute = {
      id: 'dp_1',
      amountCents: 700,
      chargeId: 'ch_1',
      paymentIntent: 'pi_1',
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response' as const,
      created: 0,
    };
    await expect(parseNotification(stripeDisputeNotification(dispute, 'charge.dispute.created'))).resolves.toEqual({
      kind: 'reversal',
      reversal: { type: 'dispute-opened', disputeId: 'dp_1', paymentRef: 'pi_1', amountCents: 700, currency: 'usd', reason: 'fraudulent' },
    });
    await expect(parseNotification(stripeDisputeNotification({ ...dispute, status: 'lost' }, 'charge.dispute.closed'))).resolves.toMatchObject({
      reversal: { type: 'dispute-closed', status: 'lost' },
    });
    const payment = {
      paymentIntent: 'pi_2',
      chargeId: 'ch_2',
      sessionId: 'cs_2',
      topUpId,
      amountCents: 2500,
      currency: 'usd',
      amountRefundedCents: 900,
      created: 0,
    };
    await expect(parseNotification(stripeChargeRefundedNotification(payment))).resolves.toEqual({
      kind: 'reversal',
      reversal: { type: 'refunded', chargeId: 'ch_2', paymentRef: 'pi_2', refundedCents: 900, currency: 'usd' },
    });
    await expect(parseNotification(stripeDisputeNotification(dispute, 'charge.dispute.created', { forgeWithSecret: 'whsec_guess' }))).rejects.toThrow(
      SignatureError,
    );
  });

  it('replies in JSON', () => {
    expect(stripe.acknowledge({ kind: 'ignored', reason: 'x' })).toEqual({
      statusCode: 200,
      contentType: 'application/json; charset=utf-8',
      body: '{"received":true}',
    });
    expect(stripe.refuse(400, 'bad signature')).toMatchObject({ statusCode: 400, body: '{"error":"bad signature"}' });
  });
});

describe('payeer', () => {
  const topUpId = 'lx0abc123def456';
  const secretKey = 'local-payeer-secret';
  const parse = (body: string) => payeer.parseNotification({ body, headers: {}, query: {} });

  it('checkout is the merchant link with m_sign over shop, order, amount, currency and description', async () => {
    const checkout = await payeer.createCheckout(checkoutInput(server.appUrl, 'payeer', topUpId));
    expect(checkout.method).toBe('GET');
    const url = new URL(checkout.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.appUrl}/_local/payeer/merchant/`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ m_shop: '1234567890', m_orderid: topUpId, m_amount: '25.00', m_curr: 'USD' });
    expect(Buffer.from(q.m_desc!, 'base64').toString()).toContain(topUpId);
    expect(q.m_sign).toBe(sha256(`1234567890:${topUpId}:25.00:USD:${q.m_desc}:${secretKey}`));
  });

  it('the sandbox shows an error page for a link with a wrong m_sign', async () => {
    const checkout = await payeer.createCheckout(checkoutInput(server.appUrl, 'payeer', topUpId));
    const tampered = new URL(checkout.url);
    tampered.searchParams.set('m_amount', '1.00');
    const opened = await fetch(tampered);
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('Wrong signature');
  });

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

  it('verifies a status call’s m_sign computed as Payeer documents it', async () => {
    expect(await parse(encodeForm({ ...documented, m_sign: signedAsDocumented(documented) }))).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 2550,
      currency: 'USD',
      merchant: '1234567890',
      providerRef: '1234567890',
    });
    await expect(parse(encodeForm(documented))).rejects.toThrow(SignatureError);
  });

  it('signs m_params just before the key when present', async () => {
    const withParams = { ...documented, m_params: 'encrypted' };
    await expect(parse(encodeForm({ ...withParams, m_sign: signedAsDocumented(withParams) }))).resolves.toMatchObject({ kind: 'paid' });
    await expect(parse(encodeForm({ ...withParams, m_sign: signedAsDocumented(documented) }))).rejects.toThrow(SignatureError);
  });

  it('replies with the order id and success or error', () => {
    const event = { kind: 'failed', topUpId, providerRef: '1' } as const;
    expect(payeer.acknowledge(event)).toEqual({ statusCode: 200, contentType: 'text/plain; charset=utf-8', body: `${topUpId}|success` });
    expect(payeer.refuse(404, 'unknown top-up', event).body).toBe(`${topUpId}|error`);
    expect(payeer.refuse(401, 'bad signature')).toMatchObject({ statusCode: 401, body: '|error' });
  });
});

describe('perfect money', () => {
  const topUpId = 'lx0abc123def456';
  const parse = (body: string) => perfectMoney.parseNotification({ body, headers: {}, query: {} });

  it('checkout is the SCI form posted to step1.asp', async () => {
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
  });

  it('the sandbox refuses an unknown payee account', async () => {
    const checkout = await perfectMoney.createCheckout(checkoutInput(server.appUrl, 'perfectmoney', topUpId));
    const posted = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams({ ...checkout.fields, PAYEE_ACCOUNT: 'U0000001' }) });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('Invalid Payee Account');
  });

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

  it('the status call is a form; one missing a signed field is malformed', async () => {
    const notification = perfectMoneyNotification({ topUpId, amountCents: 2500 });
    expect(notification.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await expect(parse(withoutField(notification, 'PAYER_ACCOUNT').body)).rejects.toThrow(ValidationError);
  });

  it('replies in plain text', () => {
    const event = { kind: 'failed', topUpId, providerRef: '1' } as const;
    expect(perfectMoney.acknowledge(event)).toEqual({ statusCode: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' });
    expect(perfectMoney.refuse(401, 'bad signature')).toEqual({ statusCode: 401, contentType: 'text/plain; charset=utf-8', body: 'bad signature' });
  });
});

describe('nowpayments (crypto)', () => {
  const topUpId = 'lx0crypto00001';
  const ipnSecret = 'local-nowpayments-ipn-secret';
  const parse = (notification: { body: string; headers: Record<string, string> }) => parseWith(crypto, notification);

  it('is refused by the sandbox, as by NOWPayments, with a wrong API key', async () => {
    const reply = await fetch(`${server.appUrl}/_local/nowpayments/v1/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'wrong' },
      body: JSON.stringify({ price_amount: 25, price_currency: 'usd' }),
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ code: 'INVALID_API_KEY' });
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

  it('takes a body that is not JSON as malformed', async () => {
    await expect(parse({ body: 'not json', headers: { 'x-nowpayments-sig': 'ab' } })).rejects.toThrow(ValidationError);
  });

  it('turns expired into a failed event and interim statuses into ignored', async () => {
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

  it('replies as the routes expect', () => {
    expect(crypto.acknowledge({ kind: 'ignored', reason: 'x' })).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
    expect(crypto.refuse(404, 'Unknown top-up')).toMatchObject({ statusCode: 404, body: '{"error":"Unknown top-up"}' });
  });
});

describe('binance pay', () => {
  const topUpId = 'lx0binance0001';
  const merchantId = '987654321';
  const secretKey = 'local-binance-pay-secret-key';
  const parse = (notification: { body: string; headers: Record<string, string> }) => parseWith(binance, notification);

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

  it('writes totalFee with eight decimals (25.50000000 is 2550 cents) and takes a given transaction id as the ref', async () => {
    expect(binanceNotification({ topUpId, amountCents: 2550 }).body).toContain('\\"totalFee\\":25.50000000');
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

  it('refuses a notification signed with an unknown certificate', async () => {
    const { body, headers } = binanceNotification({ topUpId, amountCents: 2550 });
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

  it('signs the time of sending: the same body for the same payment, the header stamped now', () => {
    const options = { topUpId, amountCents: 2550, paymentId: 'M_R_2' };
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
    expect(binance.acknowledge({ kind: 'ignored', reason: 'x' })).toMatchObject({ statusCode: 200, body: '{"returnCode":"SUCCESS","returnMessage":null}' });
    expect(binance.refuse(400, 'bad')).toMatchObject({ statusCode: 400, body: '{"returnCode":"FAIL","returnMessage":"bad"}' });
  });
});
