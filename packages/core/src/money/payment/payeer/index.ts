import { SignatureError } from '../../../shared/errors';
import { encodeForm, parseForm, requireFields, sameHexSignature } from '../form';
import { formatAmountText, parseAmountText } from '../money-text';
import { textReply, type PaymentAdapter, type PaymentEvent } from '../provider';
import { secret, setting } from '../../../shared/settings';
import { payeerCheckoutSign, payeerDescription, payeerStatusFields, payeerStatusSign, type PayeerStatusFields } from './sign';

/**
 * Payeer merchant: the browser opens the merchant page with signed `m_*` fields; Payeer then posts
 * a status form to the Status URL of the merchant settings (not per payment), signed with the
 * shop's secret key, and expects `{m_orderid}|success` (anything else means "retry").
 * Payeer also publishes the IP addresses it calls from; the signature is what we rely on here.
 */
export const payeer: PaymentAdapter = {
  id: 'payeer',

  expected: () => ({ currency: 'USD', merchant: setting('PayeerShopId') }),

  async createCheckout(input) {
    const fields = {
      m_shop: setting('PayeerShopId'),
      m_orderid: input.topUpId,
      m_amount: formatAmountText(input.amountCents),
      m_curr: 'USD',
      m_desc: payeerDescription(input.topUpId),
    };
    const base = setting('PayeerCheckoutUrl');
    const query = encodeForm({ ...fields, m_sign: payeerCheckoutSign(fields, secret('PayeerSecretKey')) });
    return { method: 'GET', url: `${base}${base.includes('?') ? '&' : '?'}${query}`, fields: {} };
  },

  async parseNotification({ body }) {
    const form = parseForm(body);
    const received = form.m_sign;
    if (!received) throw new SignatureError('Payeer status call without m_sign');
    const fields: PayeerStatusFields = { ...requireFields(form, payeerStatusFields), ...(form.m_params !== undefined && { m_params: form.m_params }) };
    if (!sameHexSignature(received, payeerStatusSign(fields, secret('PayeerSecretKey')))) {
      throw new SignatureError('Payeer m_sign does not match');
    }
    return statusEvent(fields);
  },

  acknowledge: (event) => textReply(200, `${event.topUpId ?? ''}|success`),
  // The order id is only known from a parsed event: `refuse` is not given the body.
  refuse: (statusCode, _message, event) => textReply(statusCode, `${event?.topUpId ?? ''}|error`),
};

function statusEvent(fields: PayeerStatusFields): PaymentEvent {
  const topUpId = fields.m_orderid;
  const providerRef = fields.m_operation_id;
  switch (fields.m_status) {
    case 'success':
      return {
        kind: 'paid',
        topUpId,
        amountCents: parseAmountText(fields.m_amount, 'm_amount'),
        currency: fields.m_curr,
        merchant: fields.m_shop,
        providerRef,
      };
    case 'fail':
      return { kind: 'failed', topUpId, providerRef };
    default:
      return { kind: 'ignored', topUpId, reason: `Payeer status ${fields.m_status}` };
  }
}
