import type { Checkout, PaymentProvider } from '@numbernest/contracts';
import type { Cents } from '../../shared/pricing';

/**
 * One payment provider: it makes the checkout a browser goes to, and turns the provider's
 * notification (webhook, IPN, status call) into one event, after checking its signature.
 * Everything else (matching the pending top-up, crediting once, replying) is common: see
 * `settle.ts`. Each provider lives in `payment/<provider>/` and speaks that provider's real protocol.
 */
export interface PaymentAdapter {
  id: PaymentProvider;
  /**
   * What a notification must match besides the amount: the currency the checkout was made in and
   * the merchant account that receives it (as the notification names it; the signing key itself
   * where a provider names no account). Stored on the top-up at creation.
   */
  expected(): { currency: string; merchant: string };
  createCheckout(input: CheckoutInput): Promise<ProviderCheckout>;
  /** Verifies the notification (throws SignatureError when it is not the provider's) and parses it. */
  parseNotification(request: NotificationRequest): Promise<PaymentEvent>;
  /** The reply the provider expects once a notification is taken (credited, already credited, or set aside). */
  acknowledge(event: PaymentEvent): ProviderReply;
  /** The reply for a refused notification (bad signature, unknown top-up): a 4xx in the provider's format. */
  refuse(statusCode: number, message: string, event?: PaymentEvent): ProviderReply;
  /**
   * True when the payer can take the money back after it was credited (card disputes, refunds):
   * such credits are held from transfers for a while, and `reversal` events debit them.
   */
  reversible?: boolean;
  /** The top-up a payment belongs to, asked of the provider (for payments credited before their `paymentRef` was kept). */
  findTopUpIdOfPayment?(paymentRef: string): Promise<string | undefined>;
}

export interface CheckoutInput {
  topUpId: string;
  amountCents: Cents;
  /** The payer's e-mail (prefills provider forms where they take one). */
  email: string;
  /** The paying account, for providers that echo metadata back: the settle reads it beside the top-up. */
  accountSub: string;
  /** Where the provider sends the browser back: `/{provider}/success?top_up=…` and `/{provider}/cancel?top_up=…`. */
  successUrl: string;
  cancelUrl: string;
  /** Our webhook for this provider (`{API_URL}/api/webhooks/{provider}`), for providers that take it per payment. */
  notifyUrl: string;
}

export interface ProviderCheckout extends Checkout {
  /** The provider's own id of the checkout (Stripe session, Binance prepay id, NOWPayments invoice), if it made one. */
  providerRef?: string;
}

/** A notification as it reached us: the exact body bytes (as UTF-8 text), lower-case header names, the query. */
export interface NotificationRequest {
  body: string;
  headers: Record<string, string>;
  query: Record<string, string>;
}

export type PaymentEvent =
  | {
      kind: 'paid';
      topUpId: string;
      /** The amount the notification says was paid, parsed exactly from its decimal text. */
      amountCents: Cents;
      currency: string;
      /** The merchant account the notification names (compared with `expected().merchant`). */
      merchant: string;
      /** The provider's id of the payment (batch number, operation id, session id…), kept on the top-up. */
      providerRef: string;
      /** The id later disputes and refunds name this payment by (Stripe: the payment intent), where it differs. */
      paymentRef?: string;
      /**
       * The account the checkout was made for, as the provider echoed it back: only a hint that lets
       * the settle read the owner in parallel with the top-up. The top-up's own owner is what is credited.
       */
      accountHint?: string;
    }
  | { kind: 'failed'; topUpId: string; providerRef: string }
  /** Card money taken back, or a dispute closed: matched to the top-up through the payment. */
  | { kind: 'reversal'; topUpId?: undefined; reversal: ReversalEvent }
  /** Authentic, but nothing to do (an event type or interim status we do not act on). */
  | { kind: 'ignored'; topUpId?: string; reason: string };

/** What a provider tells us about money it took back from us (amounts in the payment's currency, cents). */
export type ReversalEvent =
  | { type: 'dispute-opened'; disputeId: string; paymentRef: string; amountCents: Cents; currency: string; reason: string }
  | { type: 'dispute-closed'; disputeId: string; paymentRef: string; amountCents: Cents; currency: string; reason: string; status: string }
  /** `refundedCents` is the running total refunded from the payment (each refund raises it). */
  | { type: 'refunded'; chargeId: string; paymentRef: string; refundedCents: Cents; currency: string };

export interface ProviderReply {
  statusCode: number;
  contentType: string;
  body: string;
}

export const jsonReply = (statusCode: number, body: unknown): ProviderReply => ({
  statusCode,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

export const textReply = (statusCode: number, body: string): ProviderReply => ({ statusCode, contentType: 'text/plain; charset=utf-8', body });
