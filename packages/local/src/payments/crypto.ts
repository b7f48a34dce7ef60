import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { toDollars } from '@numbernest/core/pricing';
import { formatAmountText, parseAmountText, ipnSignature, signatureHeader, nowPaymentsMerchant } from '@numbernest/core/money';
import { readBody, sendHtml, sendJson } from '../http';
import { redirect, renderCheckoutPage } from './checkout-page';
import { localValue } from './settings';
import { deliver, webhookPath, type NotificationMaker, type PaymentSandbox, type SandboxContext } from './types';

/**
 * The local NOWPayments: POST /v1/invoice (checked against the local API key), the hosted invoice
 * page, and IPNs signed with the local IPN secret as NOWPayments signs them.
 */
const prefix = '/_local/nowpayments';
/** Fixed, so the same payment always gives the same bytes (a replay). */
const notifiedAt = new Date(Date.UTC(2025, 0, 1)).toISOString();
const payCurrency = 'usdttrc20';

/** Decimal digits derived from a text: NOWPayments' numeric ids, the same for the same top-up. */
const digitsOf = (text: string, length: number) =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex')}`)
    .toString()
    .slice(0, length);
const invoiceIdFor = (orderId: string) => digitsOf(`invoice:${orderId}`, 10);

/**
 * An IPN as NOWPayments posts it (see NotificationOptions). NOWPayments names no merchant in the
 * body: another `merchant` stands for another NOWPayments account, whose IPNs its own secret signs.
 */
export const cryptoNotification: NotificationMaker = (options) => {
  const ipnFor = (amountCents: number) => {
    const dollars = toDollars(amountCents);
    return {
      payment_id: Number(options.paymentId ?? digitsOf(`payment:${options.topUpId}`, 10)),
      invoice_id: Number(invoiceIdFor(options.topUpId)),
      payment_status: options.status === 'failed' ? 'failed' : 'finished',
      pay_address: `T${createHash('sha256').update(`address:${options.topUpId}`).digest('hex').slice(0, 33)}`,
      price_amount: dollars,
      price_currency: options.currency ?? 'usd',
      pay_amount: dollars,
      actually_paid: options.status === 'failed' ? 0 : dollars,
      pay_currency: payCurrency,
      order_id: options.topUpId,
      order_description: `NumberNest balance top-up: ${formatAmountText(amountCents)} USD`,
      purchase_id: Number(digitsOf(`purchase:${options.topUpId}`, 10)),
      created_at: notifiedAt,
      updated_at: notifiedAt,
      outcome_amount: dollars,
      outcome_currency: payCurrency,
      fee: { currency: payCurrency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
    };
  };
  const otherAccount = options.merchant !== undefined && options.merchant !== nowPaymentsMerchant;
  const ipnSecret = options.forgeWithSecret ?? (otherAccount ? `ipn-secret-of-${options.merchant}` : localValue('NowPaymentsIpnSecret'));
  const ipn = ipnFor(options.amountCents);
  return {
    path: webhookPath('crypto'),
    query: '',
    headers: { 'content-type': 'application/json', [signatureHeader]: ipnSignature(ipn, ipnSecret) },
    body: JSON.stringify(options.alterAmountCents === undefined ? ipn : ipnFor(options.alterAmountCents)),
  };
};

interface Invoice {
  id: string;
  orderId: string;
  amountCents: number;
  priceCurrency: string;
  description: string;
  ipnCallbackUrl?: string;
  successUrl?: string;
  cancelUrl?: string;
}

const fail = (res: ServerResponse, statusCode: number, code: string, message: string) =>
  sendJson(res, statusCode, { status: false, statusCode, code, message });

/** POST /v1/invoice: the fields we check, then an invoice in memory and its hosted page's URL. */
function createInvoice(context: SandboxContext, invoices: Map<string, Invoice>, body: string, res: ServerResponse): void {
  let request: Record<string, unknown>;
  let amountCents: number;
  try {
    request = JSON.parse(body) as Record<string, unknown>;
    amountCents = parseAmountText(String(request.price_amount ?? ''), 'price_amount');
  } catch {
    return fail(res, 400, 'INVALID_REQUEST_PARAMS', '"price_amount" must be a positive number');
  }
  if (typeof request.price_currency !== 'string' || !request.price_currency) return fail(res, 400, 'INVALID_REQUEST_PARAMS', '"price_currency" is required');
  const text = (name: string) => (typeof request[name] === 'string' ? (request[name] as string) : undefined);
  const orderId = text('order_id') ?? '';
  const invoice: Invoice = {
    id: invoiceIdFor(orderId),
    orderId,
    amountCents,
    priceCurrency: request.price_currency,
    description: text('order_description') ?? '',
    ipnCallbackUrl: text('ipn_callback_url'),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
  };
  invoices.set(invoice.id, invoice);
  const invoiceUrl = `${context.appUrl}${prefix}/invoice/${invoice.id}`;
  context.log(`nowpayments: invoice ${invoice.id} for ${orderId}, ${formatAmountText(amountCents)} ${invoice.priceCurrency} -> ${invoiceUrl}`);
  const now = new Date().toISOString();
  sendJson(res, 200, {
    id: invoice.id,
    token_id: digitsOf(`token:${orderId}`, 10),
    order_id: orderId,
    order_description: invoice.description,
    price_amount: formatAmountText(amountCents),
    price_currency: invoice.priceCurrency,
    pay_currency: null,
    ipn_callback_url: invoice.ipnCallbackUrl ?? null,
    invoice_url: invoiceUrl,
    success_url: invoice.successUrl ?? null,
    cancel_url: invoice.cancelUrl ?? null,
    created_at: now,
    updated_at: now,
  });
}

/** Pay: the `finished` IPN to the invoice's callback on the app, then back to success_url (or why the app refused). */
async function pay(context: SandboxContext, invoice: Invoice, res: ServerResponse): Promise<void> {
  const notification = cryptoNotification({ topUpId: invoice.orderId, amountCents: invoice.amountCents, currency: invoice.priceCurrency });
  const path = invoice.ipnCallbackUrl ? new URL(invoice.ipnCallbackUrl).pathname : notification.path;
  const reply = await deliver(context.appUrl, { ...notification, path });
  context.log(`nowpayments: IPN finished for ${invoice.orderId} -> ${reply.status}`);
  if (reply.status === 200) return redirect(res, invoice.successUrl ?? context.appUrl);
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`The app refused the NOWPayments IPN (HTTP ${reply.status}): ${reply.body}`);
}

export function createCryptoSandbox(context: SandboxContext): PaymentSandbox {
  const invoices = new Map<string, Invoice>();
  return {
    provider: 'crypto',
    async handle(req, res, url) {
      if (!url.pathname.startsWith(`${prefix}/`)) return false;
      const route = `${req.method} ${url.pathname.slice(prefix.length)}`;
      if (route === 'POST /v1/invoice') {
        const body = (await readBody(req)).toString('utf8');
        if (req.headers['x-api-key'] !== localValue('NowPaymentsApiKey')) fail(res, 403, 'INVALID_API_KEY', 'Invalid api key');
        else createInvoice(context, invoices, body, res);
        return true;
      }
      const match = /^(GET|POST) \/invoice\/(\d+)(\/pay|\/cancel)?$/.exec(route);
      // GET shows the page; POST is one of its two buttons.
      if (!match || (match[1] === 'GET') !== (match[3] === undefined)) return false;
      const invoice = invoices.get(match[2]!);
      if (!invoice) {
        sendHtml(
          res,
          404,
          '<!doctype html><title>Unknown invoice</title><p>This NOWPayments invoice does not exist (the sandbox forgets invoices on restart).</p>',
        );
      } else if (match[3] === '/pay') {
        await pay(context, invoice, res);
      } else if (match[3] === '/cancel') {
        redirect(res, invoice.cancelUrl ?? context.appUrl);
      } else {
        const page = `${prefix}/invoice/${invoice.id}`;
        sendHtml(
          res,
          200,
          renderCheckoutPage({
            title: 'NOWPayments (local sandbox)',
            amountCents: invoice.amountCents,
            currency: invoice.priceCurrency.toUpperCase(),
            details: [
              ['Order', invoice.orderId],
              ['Invoice', invoice.id],
              ['Description', invoice.description],
              ['Pay with', 'USDT (TRC-20), simulated'],
            ],
            payAction: `${page}/pay`,
            cancelAction: `${page}/cancel`,
          }),
        );
      }
      return true;
    },
  };
}
