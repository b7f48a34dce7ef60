import { SignatureError } from '../../../shared/errors';
import { parseForm, requireFields, sameHexSignature } from '../form';
import { formatAmountText, parseAmountText } from '../money-text';
import { textReply, type PaymentAdapter } from '../provider';
import { secret, setting } from '../../../shared/settings';
import { perfectMoneyStatusFields, perfectMoneyV2Hash } from './v2-hash';

/**
 * Perfect Money SCI: the browser posts a form to step1.asp; once paid, Perfect Money posts a
 * status form to STATUS_URL signed with V2_HASH (over the fields and the alternate passphrase).
 * It only calls for successful payments, so every authentic call is a payment.
 */
export const perfectMoney: PaymentAdapter = {
  id: 'perfectmoney',

  expected: () => ({ currency: 'USD', merchant: setting('PerfectMoneyPayeeAccount') }),

  async createCheckout(input) {
    return {
      method: 'POST',
      url: setting('PerfectMoneyCheckoutUrl'),
      fields: {
        PAYEE_ACCOUNT: setting('PerfectMoneyPayeeAccount'),
        PAYEE_NAME: setting('PerfectMoneyPayeeName'),
        PAYMENT_ID: input.topUpId,
        PAYMENT_AMOUNT: formatAmountText(input.amountCents),
        PAYMENT_UNITS: 'USD',
        STATUS_URL: input.notifyUrl,
        PAYMENT_URL: input.successUrl,
        PAYMENT_URL_METHOD: 'GET',
        NOPAYMENT_URL: input.cancelUrl,
        NOPAYMENT_URL_METHOD: 'GET',
        SUGGESTED_MEMO: `NumberNest balance top-up ${input.topUpId}`,
        BAGGAGE_FIELDS: '',
      },
    };
  },

  async parseNotification({ body }) {
    const form = parseForm(body);
    const received = form.V2_HASH;
    if (!received) throw new SignatureError('Perfect Money status call without V2_HASH');
    const fields = requireFields(form, perfectMoneyStatusFields);
    if (!sameHexSignature(received, perfectMoneyV2Hash(fields, secret('PerfectMoneyAlternatePassphrase')))) {
      throw new SignatureError('Perfect Money V2_HASH does not match');
    }
    return {
      kind: 'paid',
      topUpId: fields.PAYMENT_ID,
      amountCents: parseAmountText(fields.PAYMENT_AMOUNT, 'PAYMENT_AMOUNT'),
      currency: fields.PAYMENT_UNITS,
      merchant: fields.PAYEE_ACCOUNT,
      providerRef: fields.PAYMENT_BATCH_NUM,
    };
  },

  acknowledge: () => textReply(200, 'OK'),
  refuse: (statusCode, message) => textReply(statusCode, message),
};
