import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendHtml, sendJson } from '../http';
import { redirect } from './checkout-page';
import { amountCentsOrUndefined, derivedHexId, sendErrorPage } from './sandbox-checkout';
import { stripeDelivery } from './stripe-signature';
import { deliver, type SandboxContext, type SandboxNotification } from './types';

/**
 * Card money taken back, in Stripe's local stand-in: refunds (the real `POST /v1/refunds`, as the
 * dashboard or the API makes them) and disputes (which only a card's bank opens, so here a
 * button or `POST /_local/stripe/payments/<payment intent>/dispute`), each posting Stripe's
 * signed webhook event (`charge.refunded`, `charge.dispute.created`, `charge.dispute.closed`) to
 * the app's real route. The page `/_local/stripe/payments` lists the payments made in the sandbox.
 */

export const stripeApiVersion = '2026-10-28.endive';
export const unixSeconds = (time: Date) => Math.floor(time.getTime() / 1000);

/** A paid Checkout Session's payment, as the sandbox keeps it. */
export interface SandboxPayment {
  paymentIntent: string;
  chargeId: string;
  sessionId: string;
  topUpId: string;
  amountCents: number;
  currency: string;
  /** Stripe's running total refunded. */
  amountRefundedCents: number;
  created: number;
}

/** The Dispute object's fields the events carry. */
export interface SandboxDispute {
  id: string;
  amountCents: number;
  chargeId: string;
  paymentIntent: string;
  currency: string;
  reason: string;
  status: 'needs_response' | 'warning_needs_response' | 'won' | 'lost' | 'warning_closed';
  created: number;
}

/** Derived ids: a payment intent's charge is always the same one. */
export const paymentIntentOfSession = (sessionId: string) => `pi_${derivedHexId(sessionId, 24)}`;
export const chargeOfPaymentIntent = (paymentIntent: string) => `ch_${derivedHexId(paymentIntent, 24)}`;

interface EventOptions {
  /** Sign with this secret instead of the endpoint's: a forgery. */
  forgeWithSecret?: string;
}

/** A webhook event as Stripe posts it: JSON body, signed with the endpoint's secret. */
function signedEvent(type: string, object: object, eventId: string, options: EventOptions = {}): SandboxNotification {
  const body = JSON.stringify(
    {
      id: eventId,
      object: 'event',
      api_version: stripeApiVersion,
      created: unixSeconds(new Date()),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
  return stripeDelivery(body, { forgeWithSecret: options.forgeWithSecret });
}

/** `charge.dispute.created` or `charge.dispute.closed` of a dispute (the Dispute object as Stripe renders it). */
export function stripeDisputeNotification(
  dispute: SandboxDispute,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  options?: EventOptions,
): SandboxNotification {
  const object = {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amountCents,
    balance_transactions: [],
    charge: dispute.chargeId,
    created: dispute.created,
    currency: dispute.currency,
    evidence_details: { due_by: dispute.created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: dispute.paymentIntent,
    reason: dispute.reason,
    status: dispute.status,
  };
  return signedEvent(type, object, `evt_${derivedHexId(`${dispute.id}:${type}`, 24)}`, options);
}

/** `charge.refunded` of a payment after a refund: the Charge with its running `amount_refunded`. */
export function stripeChargeRefundedNotification(payment: SandboxPayment, options?: EventOptions): SandboxNotification {
  const object = {
    id: payment.chargeId,
    object: 'charge',
    amount: payment.amountCents,
    amount_captured: payment.amountCents,
    amount_refunded: payment.amountRefundedCents,
    captured: true,
    created: payment.created,
    currency: payment.currency,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: payment.paymentIntent,
    refunded: payment.amountRefundedCents === payment.amountCents,
    status: 'succeeded',
  };
  return signedEvent('charge.refunded', object, `evt_${derivedHexId(`${payment.chargeId}:refunded:${payment.amountRefundedCents}`, 24)}`, options);
}

export interface StripeReversals {
  /** Keeps a payment once its session is paid. */
  addPayment(payment: Omit<SandboxPayment, 'chargeId' | 'amountRefundedCents' | 'created'>): void;
  /** `POST /v1/refunds` (already authenticated). */
  createRefund(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Serves /_local/stripe/payments… and /_local/stripe/disputes…; false for other paths. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function createStripeReversals(context: SandboxContext): StripeReversals {
  const payments = new Map<string, SandboxPayment>();
  const disputes = new Map<string, SandboxDispute>();

  async function post(notification: SandboxNotification): Promise<{ status: number; body: string }> {
    const reply = await deliver(context.appUrl, notification).catch((error: Error) => ({ status: 0, body: error.message }));
    context.log(`stripe sandbox: ${JSON.parse(notification.body).type} -> ${reply.status} ${reply.body.slice(0, 200)}`);
    return reply;
  }

  /** Refunds `amountCents` (default: what is left) of a payment; an error text when it cannot. */
  function refund(payment: SandboxPayment, amountCents = payment.amountCents - payment.amountRefundedCents): { id: string; amountCents: number } | string {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'Refund amount must be a positive integer of cents.';
    if (payment.amountRefundedCents + amountCents > payment.amountCents) {
      return `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((payment.amountCents - payment.amountRefundedCents) / 100).toFixed(2)})`;
    }
    payment.amountRefundedCents += amountCents;
    return { id: `re_${randomBytes(12).toString('hex')}`, amountCents };
  }

  function openDispute(payment: SandboxPayment, amountCents: number, reason: string): SandboxDispute {
    const dispute: SandboxDispute = {
      id: `dp_${randomBytes(12).toString('hex')}`,
      amountCents,
      chargeId: payment.chargeId,
      paymentIntent: payment.paymentIntent,
      currency: payment.currency,
      reason,
      status: 'needs_response',
      created: unixSeconds(new Date()),
    };
    disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** After a button: back to the page, or the app's refusal on screen (as the checkout's Pay does). */
  function after(res: ServerResponse, reply: { status: number; body: string }, what: string) {
    if (reply.status >= 200 && reply.status < 300) return redirect(res, '/_local/stripe/payments');
    sendErrorPage(res, 502, `Stripe (local sandbox): the shop refused ${what}`, `HTTP ${reply.status}: ${reply.body}`);
  }

  const paymentOf = (ref: string) => payments.get(ref) ?? [...payments.values()].find((p) => p.chargeId === ref || p.sessionId === ref);

  return {
    addPayment(payment) {
      payments.set(payment.paymentIntent, {
        ...payment,
        chargeId: chargeOfPaymentIntent(payment.paymentIntent),
        amountRefundedCents: 0,
        created: unixSeconds(new Date()),
      });
    },

    async createRefund(req, res) {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const ref = form.get('payment_intent') ?? form.get('charge');
      const payment = ref ? paymentOf(ref) : undefined;
      if (!payment) {
        return sendJson(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${ref ?? ''}'` },
        });
      }
      const amount = form.get('amount');
      const made = refund(payment, amount === null ? undefined : Number(amount));
      if (typeof made === 'string') return sendJson(res, 400, { error: { type: 'invalid_request_error', param: 'amount', message: made } });
      await post(stripeChargeRefundedNotification(payment));
      sendJson(res, 200, {
        id: made.id,
        object: 'refund',
        amount: made.amountCents,
        charge: payment.chargeId,
        created: unixSeconds(new Date()),
        currency: payment.currency,
        metadata: {},
        payment_intent: payment.paymentIntent,
        reason: form.get('reason'),
        status: 'succeeded',
      });
    },

    async handle(req, res, url) {
      const path = url.pathname.replace(/\/$/, '');
      if (path === '/_local/stripe/payments' && req.method === 'GET') {
        sendHtml(res, 200, renderPaymentsPage([...payments.values()].reverse(), [...disputes.values()]));
        return true;
      }
      const action = /^\/_local\/stripe\/(payments|disputes)\/([\w-]+)\/(refund|dispute|close)$/.exec(path);
      if (!action) return false;
      if (req.method !== 'POST') {
        sendErrorPage(res, 405, 'Method not allowed', 'Use the buttons on /_local/stripe/payments.');
        return true;
      }
      const [, collection, id, verb] = action;
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const amountCents = form.get('amount')?.trim() ? amountCentsOrUndefined(form.get('amount')!) : undefined;
      if (form.get('amount')?.trim() && amountCents === undefined) {
        sendErrorPage(res, 400, 'Stripe (local sandbox)', 'The amount must be dollars with at most two decimals, e.g. 5.00.');
        return true;
      }
      if (collection === 'payments') {
        const payment = paymentOf(id!);
        if (!payment) sendErrorPage(res, 404, 'Payment not found', 'The local sandbox keeps payments in memory only: pay a checkout first.');
        else if (verb === 'refund') {
          const made = refund(payment, amountCents);
          if (typeof made === 'string') sendErrorPage(res, 400, 'Stripe (local sandbox): refund refused', made);
          else after(res, await post(stripeChargeRefundedNotification(payment)), 'the refund');
        } else if (verb === 'dispute') {
          const amount = amountCents ?? payment.amountCents;
          if (amount <= 0 || amount > payment.amountCents)
            sendErrorPage(res, 400, 'Stripe (local sandbox): dispute refused', 'A dispute is for at most the charge amount.');
          else
            after(
              res,
              await post(stripeDisputeNotification(openDispute(payment, amount, form.get('reason') || 'fraudulent'), 'charge.dispute.created')),
              'the dispute',
            );
        } else sendErrorPage(res, 404, 'Not found', `No ${verb} on a payment.`);
        return true;
      }
      const dispute = disputes.get(id!);
      const status = form.get('status');
      if (!dispute || verb !== 'close') sendErrorPage(res, 404, 'Dispute not found', 'The local sandbox keeps disputes in memory only.');
      else if (status !== 'won' && status !== 'lost' && status !== 'warning_closed')
        sendErrorPage(res, 400, 'Stripe (local sandbox)', 'Close a dispute as won, lost or warning_closed.');
      else if (dispute.status === 'won' || dispute.status === 'lost' || dispute.status === 'warning_closed')
        sendErrorPage(res, 409, 'Stripe (local sandbox)', `This dispute is already closed (${dispute.status}).`);
      else {
        dispute.status = status;
        after(res, await post(stripeDisputeNotification(dispute, 'charge.dispute.closed')), 'the dispute’s closing');
      }
      return true;
    },
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The payments made in the sandbox, each with Refund and Dispute, and each open dispute with Won / Lost. */
function renderPaymentsPage(payments: SandboxPayment[], disputes: SandboxDispute[]): string {
  const rows = payments
    .map((p) => {
      const own = disputes.filter((d) => d.paymentIntent === p.paymentIntent);
      const disputeRows = own
        .map((d) => {
          const open = d.status === 'needs_response' || d.status === 'warning_needs_response';
          const close = (status: string, label: string) =>
            `<form method="post" action="/_local/stripe/disputes/${escape(d.id)}/close"><input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`;
          return `<li data-dispute="${escape(d.id)}">Dispute ${escape(d.id)}: ${dollars(d.amountCents)} ${escape(d.currency.toUpperCase())}, ${escape(d.reason)}, <b>${escape(d.status)}</b>${
            open ? ` ${close('won', 'Close as won')} ${close('lost', 'Close as lost')}` : ''
          }</li>`;
        })
        .join('');
      return `<section data-payment="${escape(p.paymentIntent)}"><h2>${dollars(p.amountCents)} ${escape(p.currency.toUpperCase())} · top-up ${escape(p.topUpId)}</h2>
<p class="note">${escape(p.paymentIntent)} · ${escape(p.chargeId)} · refunded ${dollars(p.amountRefundedCents)}</p>
<div class="actions">
<form method="post" action="/_local/stripe/payments/${escape(p.paymentIntent)}/refund"><input name="amount" placeholder="amount (all)" aria-label="Refund amount"><button type="submit">Refund</button></form>
<form method="post" action="/_local/stripe/payments/${escape(p.paymentIntent)}/dispute"><input name="amount" placeholder="amount (all)" aria-label="Disputed amount"><button type="submit">Dispute</button></form>
</div>${disputeRows ? `<ul>${disputeRows}</ul>` : ''}</section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Stripe payments (local sandbox)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1d2433;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0002;padding:32px;width:min(640px,92vw);margin:24px 0}
h1{font-size:1.1rem;margin:0 0 4px}h2{font-size:1rem;margin:24px 0 4px}.note{color:#667;font-size:.85rem;margin:0 0 12px;word-break:break-all}
.actions{display:flex;gap:12px}form{display:inline-flex;gap:6px;margin:0}input{padding:8px;border:1px solid #d5dae6;border-radius:8px;width:110px}
button{padding:8px 12px;border-radius:8px;border:0;font-weight:600;cursor:pointer;background:#e8ebf3}ul{padding-left:18px;font-size:.9rem}li{margin:6px 0}
</style></head><body><main>
<h1>Stripe payments (local sandbox)</h1>
<p class="note">Card payments made through the sandbox checkout. Refund posts <code>charge.refunded</code>; Dispute (what a card's bank does) posts <code>charge.dispute.created</code>, and closing it <code>charge.dispute.closed</code>: each signed with the endpoint secret, to this app's webhook. No real money moves.</p>
${rows || '<p class="note">No payment yet: top up with Stripe and press Pay on the sandbox checkout.</p>'}
</main></body></html>`;
}
