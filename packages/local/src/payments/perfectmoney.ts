import { encodeForm, formatAmountText, perfectMoneyV2Hash, type PerfectMoneyStatusFields } from '@numbernest/core/money';
import { redirect } from './checkout-page';
import { amountCentsOrUndefined, createSandboxCheckouts, derivedNumericId, paymentTime, readFields, sendErrorPage } from './sandbox-checkout';
import { localValue } from './settings';
import { webhookPath, type NotificationMaker, type PaymentSandbox, type SandboxContext } from './types';

/**
 * Perfect Money SCI's local stand-in: `step1.asp` takes the merchant's form, the page takes the
 * payment, and the status form (signed with V2_HASH) goes to the form's STATUS_URL.
 */

/** The payer's account in sandbox payments. */
const sandboxPayerAccount = 'U7654321';

/** The status form Perfect Money posts to STATUS_URL for a successful payment. */
export const perfectMoneyNotification: NotificationMaker = (options) => {
  // Perfect Money calls STATUS_URL for successful payments only: a failure is never notified.
  if (options.status === 'failed') throw new Error('Perfect Money sends no notification for a failed or cancelled payment');
  const batch = options.paymentId ?? derivedNumericId(`perfectmoney:${options.topUpId}`, 9);
  const fields: PerfectMoneyStatusFields = {
    PAYEE_ACCOUNT: options.merchant ?? localValue('PerfectMoneyPayeeAccount'),
    PAYMENT_ID: options.topUpId,
    PAYMENT_AMOUNT: formatAmountText(options.amountCents),
    PAYMENT_UNITS: options.currency ?? 'USD',
    PAYMENT_BATCH_NUM: batch,
    PAYER_ACCOUNT: sandboxPayerAccount,
    TIMESTAMPGMT: String(Math.floor(paymentTime(`perfectmoney:${batch}`).getTime() / 1000)),
  };
  const V2_HASH = perfectMoneyV2Hash(fields, options.forgeWithSecret ?? localValue('PerfectMoneyAlternatePassphrase'));
  const sent = options.alterAmountCents === undefined ? fields : { ...fields, PAYMENT_AMOUNT: formatAmountText(options.alterAmountCents) };
  return {
    path: webhookPath('perfectmoney'),
    query: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm({ ...sent, V2_HASH }),
  };
};

export function createPerfectMoneySandbox(context: SandboxContext): PaymentSandbox {
  const checkouts = createSandboxCheckouts(context, 'perfectmoney');
  const fallback = (page: string, topUpId: string) => `${context.appUrl}/perfectmoney/${page}?top_up=${encodeURIComponent(topUpId)}`;

  return {
    provider: 'perfectmoney',
    async handle(req, res, url) {
      if (url.pathname !== '/_local/perfectmoney/api/step1.asp') return checkouts.handle(req, res, url);
      const form = await readFields(req, url);
      const title = 'Perfect Money (local sandbox)';
      const payee = localValue('PerfectMoneyPayeeAccount');
      const amountCents = amountCentsOrUndefined(form.PAYMENT_AMOUNT);
      const topUpId = form.PAYMENT_ID;
      const problem =
        form.PAYEE_ACCOUNT !== payee
          ? `Invalid Payee Account: ${form.PAYEE_ACCOUNT ?? '(none)'} (this sandbox knows ${payee}).`
          : form.PAYMENT_UNITS !== 'USD'
            ? 'PAYMENT_UNITS must be USD.'
            : amountCents === undefined
              ? `Invalid PAYMENT_AMOUNT: ${form.PAYMENT_AMOUNT ?? '(none)'}.`
              : !topUpId
                ? 'PAYMENT_ID is required.'
                : undefined;
      if (problem || amountCents === undefined || !topUpId) {
        sendErrorPage(res, 400, title, problem ?? 'Invalid payment form.');
        return true;
      }
      const page = checkouts.add({
        page: {
          title,
          amountCents,
          currency: 'USD',
          details: [
            ['Payee', `${form.PAYEE_NAME ?? ''} (${payee})`],
            ['Payment ID', topUpId],
            ['Memo', form.SUGGESTED_MEMO ?? ''],
            ['Payer', sandboxPayerAccount],
          ],
        },
        notification: () => perfectMoneyNotification({ topUpId, amountCents, currency: 'USD', merchant: payee }),
        notifyUrl: form.STATUS_URL || undefined,
        successUrl: form.PAYMENT_URL || fallback('success', topUpId),
        cancelUrl: form.NOPAYMENT_URL || fallback('cancel', topUpId),
      });
      // Answering the form post with a redirect keeps a reload from posting the form again.
      redirect(res, page);
      return true;
    },
  };
}
