import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http';
import { createSandboxCheckouts, derivedHexId, paymentTime } from './sandbox-checkout';
import { localValue } from './settings';
import { createStripeReversals, paymentIntentOfSession, stripeApiVersion as apiVersion, unixSeconds } from './stripe-reversals';
import { stripeDelivery } from './stripe-signature';
import { type NotificationMaker, type NotificationOptions, type PaymentSandbox, type SandboxContext } from './types';

/**
 * Stripe's local stand-in: the part of the API the adapter calls (`/v1/checkout/sessions`, reached
 * through the real SDK pointed at this port by `StripeApiUrl`), the hosted checkout page, and the
 * `checkout.session.*` webhook events signed with the endpoint secret as Stripe signs them; card
 * money taken back (refunds through `/v1/refunds`, disputes from `/_local/stripe/payments`) is in
 * stripe-reversals.ts.
 */

export { stripeSignatureHeader } from './stripe-signature';
export {
  stripeDisputeNotification,
  stripeChargeRefundedNotification,
  chargeOfPaymentIntent,
  paymentIntentOfSession,
  type SandboxDispute,
  type SandboxPayment,
} from './stripe-reversals';

/** The Checkout Session fields the API answers and the events carry. */
interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

/** The webhook event of a finished Checkout Session: paid at completion, or its async payment failed. */
export const stripeNotification: NotificationMaker = (options) => {
  const sessionId = options.paymentId ?? `cs_test_${derivedHexId(options.topUpId, 24)}`;
  const signed = eventBody(options, sessionId, options.amountCents);
  const body = options.alterAmountCents === undefined ? signed : eventBody(options, sessionId, options.alterAmountCents);
  return stripeDelivery(body, { signed, forgeWithSecret: options.forgeWithSecret });
};

function eventBody(options: NotificationOptions, sessionId: string, amountCents: number): string {
  const paid = options.status !== 'failed';
  const type = paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed';
  const created = unixSeconds(paymentTime(`stripe:${sessionId}`));
  const session: CheckoutSession = {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: amountCents,
    amount_total: amountCents,
    cancel_url: null,
    client_reference_id: options.topUpId,
    created,
    currency: options.currency ?? 'usd',
    customer_email: null,
    expires_at: created + 24 * 3600,
    livemode: false,
    metadata: options.metadata ?? { top_up_id: options.topUpId },
    mode: 'payment',
    payment_intent: paymentIntentOfSession(sessionId),
    payment_status: paid ? 'paid' : 'unpaid',
    status: 'complete',
    success_url: null,
    url: null,
  };
  const event = {
    id: `evt_${derivedHexId(`${sessionId}:${type}`, 24)}`,
    object: 'event',
    // Only Connect events name an account (the connected one they happened on).
    ...(options.merchant !== undefined && { account: options.merchant }),
    api_version: apiVersion,
    created,
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return JSON.stringify(event, null, 2);
}

export function createStripeSandbox(context: SandboxContext): PaymentSandbox {
  const sessions = new Map<string, CheckoutSession>();
  const sessionsByIdempotencyKey = new Map<string, string>();
  const checkouts = createSandboxCheckouts(context, 'stripe');
  const reversals = createStripeReversals(context);

  function createSession(form: URLSearchParams): CheckoutSession | StripeError {
    const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
    const currency = form.get('line_items[0][price_data][currency]');
    if (form.get('mode') !== 'payment') return invalid('mode', 'This stand-in only makes sessions in mode=payment.');
    if (!Number.isSafeInteger(unitAmount) || unitAmount <= 0) return invalid('line_items[0][price_data][unit_amount]', 'Invalid integer.');
    if (!Number.isSafeInteger(quantity) || quantity <= 0) return invalid('line_items[0][quantity]', 'Invalid integer.');
    if (!currency) return invalid('line_items[0][price_data][currency]', 'Missing required param.');
    if (!form.get('success_url')) return invalid('success_url', 'Missing required param: success_url.');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const created = unixSeconds(new Date());
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      cancel_url: form.get('cancel_url'),
      client_reference_id: form.get('client_reference_id'),
      created,
      currency: currency.toLowerCase(),
      customer_email: form.get('customer_email'),
      expires_at: created + 24 * 3600,
      livemode: false,
      metadata,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.get('success_url'),
      url: null,
    };
    session.url = checkouts.add(sessionCheckout(session), id);
    return session;
  }

  function sessionCheckout(session: CheckoutSession) {
    const topUpId = session.client_reference_id ?? session.metadata.top_up_id ?? '';
    return {
      page: {
        title: 'Stripe Checkout (local sandbox)',
        amountCents: session.amount_total,
        currency: session.currency.toUpperCase(),
        details: [
          ['Pay to', 'NumberNest'],
          ['Email', session.customer_email ?? ''],
          ['Reference', topUpId],
          ['Session', session.id],
        ] as Array<[string, string]>,
      },
      notification: () =>
        stripeNotification({ topUpId, amountCents: session.amount_total, paymentId: session.id, currency: session.currency, metadata: session.metadata }),
      // Stripe fills the {CHECKOUT_SESSION_ID} template of the success URL.
      successUrl: (session.success_url ?? context.appUrl).replaceAll('{CHECKOUT_SESSION_ID}', session.id),
      cancelUrl: session.cancel_url ?? context.appUrl,
      onPaid: () => {
        Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntentOfSession(session.id) });
        reversals.addPayment({
          paymentIntent: session.payment_intent!,
          sessionId: session.id,
          topUpId,
          amountCents: session.amount_total,
          currency: session.currency,
        });
      },
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.headers.authorization !== `Bearer ${localValue('StripeSecretKey')}`) {
      return sendStripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') return reversals.createRefund(req, res);
    // List by payment intent: how the app finds the top-up of a payment it did not keep.
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...sessions.values()].filter((s) => !intent || s.payment_intent === intent).slice(0, Number(url.searchParams.get('limit') ?? 10));
      return sendJson(res, 200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    const retrieved = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && retrieved) {
      const session = sessions.get(retrieved);
      if (!session)
        return sendStripeError(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${retrieved}'`,
        });
      return sendJson(res, 200, session);
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/checkout/sessions') {
      return sendStripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}). This local stand-in serves /v1/checkout/sessions and /v1/refunds only.`,
      });
    }
    const body = (await readBody(req)).toString('utf8');
    // A retried create with the same Idempotency-Key gets the first session back, as on Stripe.
    const key = req.headers['idempotency-key'];
    const replayed = typeof key === 'string' ? sessions.get(sessionsByIdempotencyKey.get(key) ?? '') : undefined;
    if (replayed) return sendJson(res, 200, replayed, { 'idempotent-replayed': 'true' });
    const created = createSession(new URLSearchParams(body));
    if ('error' in created) return sendJson(res, 400, created);
    sessions.set(created.id, created);
    if (typeof key === 'string') sessionsByIdempotencyKey.set(key, created.id);
    context.log(`stripe sandbox: checkout session ${created.id} for ${created.client_reference_id} (${created.amount_total} ${created.currency})`);
    sendJson(res, 200, created);
  }

  return {
    provider: 'stripe',
    async handle(req, res, url) {
      if (url.pathname.startsWith('/v1/')) {
        await api(req, res, url);
        return true;
      }
      return (await reversals.handle(req, res, url)) || checkouts.handle(req, res, url);
    },
  };
}

/** Stripe's error body: `{ error: { type, message, code?, param? } }`. */
interface StripeError {
  error: { type: string; message: string; code?: string; param?: string };
}

const invalid = (param: string, message: string): StripeError => ({ error: { type: 'invalid_request_error', param, message } });

const sendStripeError = (res: ServerResponse, status: number, error: StripeError['error']) =>
  sendJson(res, status, { error }, { 'request-id': `req_${randomBytes(7).toString('hex')}` });
