import { createHash, sign } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseAmountText, formatAmountText, binanceHeaders, merchantPassThroughInfo, requestSignature, sameText, signedPayload } from '@numbernest/core/money';
import { readBody, sendHtml, sendJson } from '../http';
import { binancePlatformPrivateKey, binancePlatformPublicKey, forgerPrivateKey } from './binance-keys';
import { redirect, renderCheckoutPage } from './checkout-page';
import { localValue } from './settings';
import { deliver, webhookPath, type NotificationMaker, type PaymentSandbox, type SandboxContext } from './types';

/**
 * The local Binance Pay: Create Order v3 and the certificate API (requests checked with the local
 * API key and secret, as Binance does), a checkout page, and order notifications signed with the
 * fixed platform key whose public half the certificate API serves.
 */
const prefix = '/_local/binance';
const certSerial = createHash('md5').update(binancePlatformPublicKey).digest('hex');
/** The payment's time in the body: fixed, so the same payment always gives the same body (a replay). */
const notifiedAt = Date.UTC(2025, 0, 1);

/** Decimal digits derived from a text: Binance's numeric ids, the same for the same top-up. */
const digitsOf = (text: string, length: number) =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex')}`)
    .toString()
    .slice(0, length);
const prepayIdFor = (merchantTradeNo: string) => digitsOf(`prepay:${merchantTradeNo}`, 18);

/** JSON with some values written as raw number literals (8-decimal amounts, 18-digit ids), which JS numbers cannot hold. */
const literal = '\u0000literal';
function jsonWithLiterals(value: object, literals: Record<string, string>): string {
  let json = JSON.stringify(value);
  for (const [key, text] of Object.entries(literals)) json = json.replace(`"${key}":${JSON.stringify(literal)}`, `"${key}":${text}`);
  return json;
}

/** An order notification as Binance posts it (see NotificationOptions for the variations). */
export const binanceNotification: NotificationMaker = (options) => {
  const prepayId = prepayIdFor(options.topUpId);
  const paid = options.status !== 'failed';
  const transactionId = options.paymentId ?? `M_R_${digitsOf(`payment:${options.topUpId}`, 15)}`;
  const merchantId = options.merchant ?? localValue('BinancePayMerchantId');
  const bodyFor = (amountCents: number) => {
    const data = jsonWithLiterals(
      {
        merchantTradeNo: options.topUpId,
        productType: 'Balance top-up',
        productName: 'NumberNest balance top-up',
        transactTime: notifiedAt,
        tradeType: 'WEB',
        totalFee: literal,
        currency: options.currency ?? 'USDT',
        ...(paid && { transactionId, openUserId: digitsOf(`payer:${options.topUpId}`, 19), commission: 0 }),
        passThroughInfo: merchantPassThroughInfo(merchantId, options.topUpId, localValue('BinancePaySecretKey')),
      },
      { totalFee: `${formatAmountText(amountCents)}000000` },
    );
    const status = paid ? 'PAY_SUCCESS' : 'PAY_CLOSED';
    return jsonWithLiterals({ bizType: 'PAY', bizId: literal, bizIdStr: prepayId, bizStatus: status, data }, { bizId: prepayId });
  };
  const body = bodyFor(options.amountCents);
  const nonce = createHash('sha256').update(`nonce:${body}`).digest('hex').slice(0, 32);
  // The time of sending, in the signed headers: the app refuses one more than 5 minutes off.
  const timestamp = String(options.sentAt ?? Date.now());
  // Any forgery is signed with a key that is not Binance's (the one given, if it is a PEM key).
  const key =
    options.forgeWithSecret === undefined
      ? binancePlatformPrivateKey
      : options.forgeWithSecret.includes('PRIVATE KEY')
        ? options.forgeWithSecret
        : forgerPrivateKey;
  return {
    path: webhookPath('binance'),
    query: '',
    headers: {
      'content-type': 'application/json',
      [binanceHeaders.timestamp]: timestamp,
      [binanceHeaders.nonce]: nonce,
      [binanceHeaders.certificateSn]: certSerial,
      [binanceHeaders.signature]: sign('sha256', Buffer.from(signedPayload(timestamp, nonce, body)), key).toString('base64'),
    },
    body: options.alterAmountCents === undefined ? body : bodyFor(options.alterAmountCents),
  };
};

interface Order {
  prepayId: string;
  merchantTradeNo: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl?: string;
  cancelUrl?: string;
  webhookUrl?: string;
}

const fail = (res: ServerResponse, code: string, errorMessage: string) => sendJson(res, 400, { status: 'FAIL', code, errorMessage });
const header = (req: IncomingMessage, name: string) => String(req.headers[name] ?? '');

/** The request body when its signature is the merchant's (Binance's check), else undefined after answering Binance's error. */
async function signedRequestBody(req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  const body = (await readBody(req)).toString('utf8');
  const payload = signedPayload(header(req, binanceHeaders.timestamp), header(req, binanceHeaders.nonce), body);
  const known = sameText(header(req, binanceHeaders.certificateSn), localValue('BinancePayApiKey'));
  if (known && sameText(header(req, binanceHeaders.signature), requestSignature(payload, localValue('BinancePaySecretKey')))) return body;
  fail(res, '400002', 'Signature for this request is not valid.');
  return undefined;
}

/** Create Order v3: the fields we check, then an order in memory and its checkout links. */
function createOrder(context: SandboxContext, orders: Map<string, Order>, body: string, res: ServerResponse): void {
  let request: Record<string, unknown>;
  let amountCents: number;
  try {
    request = JSON.parse(body) as Record<string, unknown>;
    amountCents = parseAmountText(String(request.orderAmount ?? ''), 'orderAmount');
  } catch {
    return fail(res, '400000', 'orderAmount is invalid.');
  }
  const merchantTradeNo = String(request.merchantTradeNo ?? '');
  if (!/^[0-9a-zA-Z]{1,32}$/.test(merchantTradeNo)) return fail(res, '400000', 'merchantTradeNo is invalid.');
  if (typeof request.currency !== 'string' || !request.currency) return fail(res, '400000', 'currency is required.');
  if (typeof request.description !== 'string' || !request.description) return fail(res, '400000', 'description is required.');
  const url = (name: string) => (typeof request[name] === 'string' ? (request[name] as string) : undefined);
  const order: Order = {
    prepayId: prepayIdFor(merchantTradeNo),
    merchantTradeNo,
    amountCents,
    currency: request.currency,
    description: request.description,
    returnUrl: url('returnUrl'),
    cancelUrl: url('cancelUrl'),
    webhookUrl: url('webhookUrl'),
  };
  orders.set(order.prepayId, order);
  const checkoutUrl = `${context.appUrl}${prefix}/checkout/${order.prepayId}`;
  context.log(`binance: order ${merchantTradeNo} for ${formatAmountText(amountCents)} ${order.currency} -> ${checkoutUrl}`);
  sendJson(res, 200, {
    status: 'SUCCESS',
    code: '000000',
    data: {
      prepayId: order.prepayId,
      terminalType: 'WEB',
      expireTime: Date.now() + 3_600_000,
      qrContent: checkoutUrl,
      checkoutUrl,
      universalUrl: checkoutUrl,
      currency: order.currency,
      totalFee: formatAmountText(amountCents),
    },
    errorMessage: '',
  });
}

/** Pay: the PAY_SUCCESS notification to the order's webhook on the app, then back to returnUrl (or why the app refused). */
async function pay(context: SandboxContext, order: Order, res: ServerResponse): Promise<void> {
  const notification = binanceNotification({ topUpId: order.merchantTradeNo, amountCents: order.amountCents, currency: order.currency });
  const path = order.webhookUrl ? new URL(order.webhookUrl).pathname : notification.path;
  const reply = await deliver(context.appUrl, { ...notification, path });
  context.log(`binance: PAY_SUCCESS for ${order.merchantTradeNo} -> ${reply.status}`);
  if (reply.status === 200) return redirect(res, order.returnUrl ?? context.appUrl);
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`The app refused the Binance Pay notification (HTTP ${reply.status}): ${reply.body}`);
}

export function createBinanceSandbox(context: SandboxContext): PaymentSandbox {
  const orders = new Map<string, Order>();
  return {
    provider: 'binance',
    async handle(req, res, url) {
      if (!url.pathname.startsWith(`${prefix}/`)) return false;
      const route = `${req.method} ${url.pathname.slice(prefix.length)}`;
      if (route === 'POST /binancepay/openapi/v3/order' || route === 'POST /binancepay/openapi/certificates') {
        const body = await signedRequestBody(req, res);
        if (body === undefined) return true;
        if (route.endsWith('/order')) createOrder(context, orders, body, res);
        else sendJson(res, 200, { status: 'SUCCESS', code: '000000', data: [{ certSerial, certPublic: binancePlatformPublicKey }] });
        return true;
      }
      const match = /^(GET|POST) \/checkout\/(\d+)(\/pay|\/cancel)?$/.exec(route);
      // GET shows the page; POST is one of its two buttons.
      if (!match || (match[1] === 'GET') !== (match[3] === undefined)) return false;
      const order = orders.get(match[2]!);
      if (!order) {
        sendHtml(res, 404, '<!doctype html><title>Unknown order</title><p>This Binance Pay order does not exist (the sandbox forgets orders on restart).</p>');
      } else if (match[3] === '/pay') {
        await pay(context, order, res);
      } else if (match[3] === '/cancel') {
        redirect(res, order.cancelUrl ?? context.appUrl);
      } else {
        const checkout = `${prefix}/checkout/${order.prepayId}`;
        sendHtml(
          res,
          200,
          renderCheckoutPage({
            title: 'Binance Pay (local sandbox)',
            amountCents: order.amountCents,
            currency: order.currency,
            details: [
              ['Merchant', localValue('BinancePayMerchantId')],
              ['Order', order.merchantTradeNo],
              ['Prepay id', order.prepayId],
              ['Description', order.description],
            ],
            payAction: `${checkout}/pay`,
            cancelAction: `${checkout}/cancel`,
          }),
        );
      }
      return true;
    },
  };
}
