import type Stripe from 'stripe';
import { SignatureError, ValidationError } from '../../../shared/errors';
import { jsonReply, type PaymentAdapter, type PaymentEvent } from '../provider';
import { secret, setting } from '../../../shared/settings';
import { verifyStripeSignature } from './signature';

/**
 * Stripe Checkout through the official SDK: a Checkout Session per top-up, and its webhook events
 * verified with the endpoint's signing secret (`Stripe-Signature`, 5 minutes tolerance).
 * The API base comes from `StripeApiUrl`, so locally the SDK talks to the sandbox's `/v1/`.
 * The SDK (250 KB minified) is imported only when a checkout is made: every payment handler
 * includes this adapter, and the webhook check needs no SDK (./signature.ts).
 */
export const stripe: PaymentAdapter = {
  id: 'stripe',

  // A non-Connect event names no account: the signing secret is what proves it is ours.
  expected: () => ({ currency: 'usd', merchant: 'stripe' }),

  async createCheckout(input) {
    const session = await (
      await stripeClient()
    ).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: 'NumberNest balance top-up' } },
          },
        ],
        client_reference_id: input.topUpId,
        metadata: { top_up_id: input.topUpId, account: input.accountSub },
        customer_email: input.email,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // A retried create returns the same session instead of a second one.
      { idempotencyKey: `numbernest-top-up-${input.topUpId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { method: 'GET', url: session.url, fields: {}, providerRef: session.id };
  },

  async parseNotification({ body, headers }) {
    const event = verifiedEvent(body, headers['stripe-signature']);
    return sessionEvent(event);
  },

  acknowledge: () => jsonReply(200, { received: true }),
  refuse: (statusCode, message) => jsonReply(statusCode, { error: message }),

  // Card payments: the payer's bank can dispute them, and they can be refunded from the dashboard.
  reversible: true,

  /** The Checkout Session that made this payment intent names the top-up (for top-ups paid before `paymentRef` was kept). */
  async findTopUpIdOfPayment(paymentIntent) {
    const sessions = await (await stripeClient()).checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    const session = sessions.data[0];
    return session ? topUpIdOf(session) : undefined;
  },
};

async function stripeClient(): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const api = new URL(setting('StripeApiUrl'));
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secret('StripeSecretKey'), {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
  });
}

function verifiedEvent(body: string, signature: string | undefined): Stripe.Event {
  if (!signature) throw new SignatureError('Stripe webhook without Stripe-Signature');
  try {
    verifyStripeSignature(body, signature, secret('StripeWebhookSecret'), 300);
    return JSON.parse(body) as Stripe.Event;
  } catch (error) {
    throw new SignatureError(`Stripe webhook signature does not check out: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The Checkout Session events we act on; every other event type is authentic but not ours to handle. */
function sessionEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid at completion; delayed methods complete unpaid and settle later.
      return event.data.object.payment_status === 'paid'
        ? paidEvent(event.data.object, event.account)
        : { kind: 'ignored', topUpId: topUpIdOf(event.data.object), reason: `Session completed with payment_status ${event.data.object.payment_status}` };
    case 'checkout.session.async_payment_succeeded':
      return paidEvent(event.data.object, event.account);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { kind: 'failed', topUpId: requiredTopUpId(event.data.object), providerRef: event.data.object.id };
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const common = {
        disputeId: dispute.id,
        paymentRef: paymentIntentOf(dispute),
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
      };
      return {
        kind: 'reversal',
        reversal:
          event.type === 'charge.dispute.created' ? { type: 'dispute-opened', ...common } : { type: 'dispute-closed', ...common, status: dispute.status },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        kind: 'reversal',
        reversal: {
          type: 'refunded',
          chargeId: charge.id,
          paymentRef: paymentIntentOf(charge),
          refundedCents: charge.amount_refunded,
          currency: charge.currency,
        },
      };
    }
    default:
      return { kind: 'ignored', reason: `Stripe event ${event.type}` };
  }
}

function paidEvent(session: Stripe.Checkout.Session, account: string | undefined): PaymentEvent {
  if (session.amount_total === null || !session.currency) {
    throw new ValidationError(`Stripe session ${session.id} has no amount_total or currency`);
  }
  return {
    kind: 'paid',
    topUpId: requiredTopUpId(session),
    amountCents: session.amount_total,
    currency: session.currency,
    // A Connect event names the connected account it happened on; ours names none.
    merchant: account ?? 'stripe',
    providerRef: session.id,
    ...(session.payment_intent ? { paymentRef: typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id } : {}),
    ...(session.metadata?.account ? { accountHint: session.metadata.account } : {}),
  };
}

/** Disputes and refunds name the payment by its payment intent (every Checkout payment has one). */
function paymentIntentOf(object: Stripe.Dispute | Stripe.Charge): string {
  const intent = object.payment_intent;
  if (!intent) throw new ValidationError(`Stripe ${object.object} ${object.id} names no payment_intent`);
  return typeof intent === 'string' ? intent : intent.id;
}

const topUpIdOf = (session: Stripe.Checkout.Session): string | undefined => session.client_reference_id ?? session.metadata?.top_up_id ?? undefined;

function requiredTopUpId(session: Stripe.Checkout.Session): string {
  const topUpId = topUpIdOf(session);
  if (!topUpId) throw new ValidationError(`Stripe session ${session.id} names no top-up (client_reference_id)`);
  return topUpId;
}
