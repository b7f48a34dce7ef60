import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import {
  createStripeSandbox,
  paymentIntentOfSession,
  stripeChargeRefundedNotification,
  stripeDisputeNotification,
  stripeNotification,
  stripeSignatureHeader,
} from '@numbernest/local/payments/stripe';
import { SignatureError } from '../../errors';
import { checkoutInput, startSandboxServer } from '../sandbox-test-server';
import { stripe } from './index';

const topUpId = 'lx0abc123def456';
const webhookSecret = 'whsec_local_numbernest';
const parse = (body: string, signature?: string) =>
  stripe.parseNotification({ body, headers: signature === undefined ? {} : { 'stripe-signature': signature }, query: {} });
const parseNotification = (notification: { body: string; headers: Record<string, string> }) => stripe.parseNotification({ ...notification, query: {} });

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer(stripe, createStripeSandbox);
});
afterAll(() => server.close());

describe('stripe checkout through the SDK and the sandbox', () => {
  it('creates a session, shows its page, and Pay notifies the webhook then returns to success_url', async () => {
    const checkout = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0001'));
    expect(checkout).toMatchObject({ method: 'GET', fields: {} });
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`${server.appUrl}/_local/stripe/checkout/${checkout.providerRef}`);

    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('25.00 USD');

    const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${server.appUrl}/stripe/success?top_up=lx0checkout0001`);
    expect(server.received.at(-1)).toEqual({
      kind: 'paid',
      topUpId: 'lx0checkout0001',
      amountCents: 2500,
      currency: 'usd',
      merchant: 'stripe',
      providerRef: checkout.providerRef,
      paymentRef: paymentIntentOfSession(checkout.providerRef!),
    });

    const session = await fetch(`${server.appUrl}/v1/checkout/sessions/${checkout.providerRef}`, {
      headers: { authorization: 'Bearer sk_test_local_numbernest' },
    });
    expect(await session.json()).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'lx0checkout0001',
      metadata: { top_up_id: 'lx0checkout0001' },
    });
  });

  it('gives the same session for a retried create (idempotency key)', async () => {
    const first = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0002'));
    const again = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0002'));
    expect(again.providerRef).toBe(first.providerRef);
  });

  it('Cancel returns to cancel_url; a refused notification stays on screen', async () => {
    const checkout = await stripe.createCheckout(checkoutInput(server.appUrl, 'stripe', 'lx0checkout0003'));
    const cancelled = await fetch(`${checkout.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe(`${server.appUrl}/stripe/cancel?top_up=lx0checkout0003`);
    server.state.refuseWebhooks = true;
    const refused = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    server.state.refuseWebhooks = false;
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('Unknown top-up');
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
});

describe('stripe webhook events', () => {
  it('round-trips the sandbox notification to a paid event', async () => {
    const notification = stripeNotification({ topUpId, amountCents: 2500, paymentId: 'cs_test_abc' });
    expect(notification.path).toBe('/api/webhooks/stripe');
    expect(await parseNotification(notification)).toEqual({
      kind: 'paid',
      topUpId,
      amountCents: 2500,
      currency: 'usd',
      merchant: 'stripe',
      providerRef: 'cs_test_abc',
      paymentRef: paymentIntentOfSession('cs_test_abc'),
    });
  });

  it('repeats the same body for the same session (a redelivery)', () => {
    expect(stripeNotification({ topUpId, amountCents: 2500 }).body).toBe(stripeNotification({ topUpId, amountCents: 2500 }).body);
  });

  it('refuses a forged, altered, stale or unsigned event', async () => {
    await expect(parseNotification(stripeNotification({ topUpId, amountCents: 2500, forgeWithSecret: 'whsec_guess' }))).rejects.toThrow(SignatureError);
    await expect(parseNotification(stripeNotification({ topUpId, amountCents: 2500, alterAmountCents: 250000 }))).rejects.toThrow(SignatureError);
    const { body } = stripeNotification({ topUpId, amountCents: 2500 });
    await expect(parse(body, stripeSignatureHeader(body, webhookSecret, new Date(Date.now() - 301_000)))).rejects.toThrow(SignatureError);
    await expect(parse(body)).rejects.toThrow(SignatureError);
    await expect(parse(body, 'garbage')).rejects.toThrow(SignatureError);
  });

  it('parses the connected account a Connect event names, for the caller to compare', async () => {
    await expect(parseNotification(stripeNotification({ topUpId, amountCents: 2500, merchant: 'acct_other' }))).resolves.toMatchObject({
      kind: 'paid',
      merchant: 'acct_other',
    });
  });

  it('takes a failed async payment as failed', async () => {
    await expect(parseNotification(stripeNotification({ topUpId, amountCents: 2500, status: 'failed', paymentId: 'cs_test_f' }))).resolves.toEqual({
      kind: 'failed',
      topUpId,
      providerRef: 'cs_test_f',
    });
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
    expect(stripe.expected()).toEqual({ currency: 'usd', merchant: 'stripe' });
  });
});
