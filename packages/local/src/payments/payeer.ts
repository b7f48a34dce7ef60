import {
  encodeForm,
  sameHexSignature,
  formatAmountText,
  payeerCheckoutSign,
  payeerDescription,
  payeerStatusSign,
  type PayeerStatusFields,
} from '@numbernest/core/money';
import { redirect } from './checkout-page';
import { amountCentsOrUndefined, createSandboxCheckouts, derivedNumericId, paymentTime, readFields, sendErrorPage } from './sandbox-checkout';
import { localValue } from './settings';
import { webhookPath, type NotificationMaker, type PaymentSandbox, type SandboxContext } from './types';

/**
 * Payeer merchant's local stand-in: `/_local/payeer/merchant/` checks the signed `m_*` fields as
 * Payeer does, the page takes the payment, and the status form goes to the app's webhook.
 */

/** Payeer's own payment system id (a payment from a Payeer account). */
const payeerAccountPs = '2609';

/** Payeer's time format in the status form: `dd.mm.yyyy hh:mm:ss`. */
const payeerTime = (time: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getUTCDate())}.${two(time.getUTCMonth() + 1)}.${time.getUTCFullYear()} ${two(time.getUTCHours())}:${two(time.getUTCMinutes())}:${two(time.getUTCSeconds())}`;
};

/** The status form Payeer posts to the merchant's Status URL. */
export const payeerNotification: NotificationMaker = (options) => {
  const operationId = options.paymentId ?? derivedNumericId(`payeer:${options.topUpId}`, 10);
  const time = payeerTime(paymentTime(`payeer:${operationId}`));
  const fields: PayeerStatusFields = {
    m_operation_id: operationId,
    m_operation_ps: payeerAccountPs,
    m_operation_date: time,
    m_operation_pay_date: time,
    m_shop: options.merchant ?? localValue('PayeerShopId'),
    m_orderid: options.topUpId,
    m_amount: formatAmountText(options.amountCents),
    m_curr: options.currency ?? 'USD',
    m_desc: payeerDescription(options.topUpId),
    m_status: options.status === 'failed' ? 'fail' : 'success',
  };
  const m_sign = payeerStatusSign(fields, options.forgeWithSecret ?? localValue('PayeerSecretKey'));
  const sent = options.alterAmountCents === undefined ? fields : { ...fields, m_amount: formatAmountText(options.alterAmountCents) };
  return {
    path: webhookPath('payeer'),
    query: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm({ ...sent, m_sign }),
  };
};

export function createPayeerSandbox(context: SandboxContext): PaymentSandbox {
  const checkouts = createSandboxCheckouts(context, 'payeer');
  // Payeer's Success and Fail URLs are set once in the merchant settings, not sent per payment:
  // these are the ones NumberNest configures there.
  const returnUrl = (page: 'success' | 'cancel', orderId: string) => `${context.appUrl}/payeer/${page}?top_up=${encodeURIComponent(orderId)}`;

  return {
    provider: 'payeer',
    async handle(req, res, url) {
      if (url.pathname !== '/_local/payeer/merchant/') return checkouts.handle(req, res, url);
      const form = await readFields(req, url);
      const title = 'Payeer (local sandbox)';
      const shop = localValue('PayeerShopId');
      const order = {
        m_shop: form.m_shop ?? '',
        m_orderid: form.m_orderid ?? '',
        m_amount: form.m_amount ?? '',
        m_curr: form.m_curr ?? '',
        m_desc: form.m_desc ?? '',
      };
      const amountCents = amountCentsOrUndefined(order.m_amount);
      const problem =
        order.m_shop !== shop
          ? `Unknown shop ${order.m_shop || '(none)'} (this sandbox knows ${shop}).`
          : !sameHexSignature(form.m_sign ?? '', payeerCheckoutSign(order, localValue('PayeerSecretKey')))
            ? 'Wrong signature (m_sign).'
            : amountCents === undefined
              ? `Invalid amount ${order.m_amount}.`
              : order.m_curr !== 'USD' || !order.m_orderid
                ? 'm_curr must be USD and m_orderid is required.'
                : undefined;
      if (problem || amountCents === undefined) {
        sendErrorPage(res, 400, title, problem ?? 'Invalid payment link.');
        return true;
      }
      const orderId = order.m_orderid;
      const page = checkouts.add({
        page: {
          title,
          amountCents,
          currency: 'USD',
          details: [
            ['Shop', shop],
            ['Order', orderId],
            ['Description', Buffer.from(order.m_desc, 'base64').toString('utf8')],
          ],
        },
        notification: () => payeerNotification({ topUpId: orderId, amountCents, currency: 'USD', merchant: shop }),
        successUrl: returnUrl('success', orderId),
        cancelUrl: returnUrl('cancel', orderId),
      });
      redirect(res, page);
      return true;
    },
  };
}
