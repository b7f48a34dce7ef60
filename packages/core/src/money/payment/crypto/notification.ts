import { fieldProblem } from '@numbernest/contracts';
import { SignatureError, ValidationError } from '../../../shared/errors';
import { parseAmountText } from '../money-text';
import type { NotificationRequest, PaymentEvent } from '../provider';
import { secret } from '../../../shared/settings';
import { ipnSignatureMatches, signatureHeader } from './signing';

/** NOWPayments names no merchant account: the IPN secret is what proves the merchant. */
export const nowPaymentsMerchant = 'nowpayments';

/** The IPN fields we read (the body has more: pay_address, pay_amount, actually_paid, outcome_amount…). */
interface Ipn {
  payment_id?: unknown;
  payment_status?: unknown;
  price_amount?: unknown;
  price_currency?: unknown;
  order_id?: unknown;
}

function required(value: unknown, label: string): string {
  // payment_id and price_amount come as JSON numbers; their shortest rendering is their exact digits.
  if ((typeof value === 'string' && value) || typeof value === 'number') return String(value);
  throw new ValidationError(`NOWPayments IPN: ${label} is missing`, { [label]: [fieldProblem('REQUIRED')] });
}

/** Verifies an IPN (HMAC of the sorted body) and turns it into one event. */
export async function parseNowPaymentsIpn({ body, headers }: NotificationRequest): Promise<PaymentEvent> {
  const signature = headers[signatureHeader];
  if (!signature) throw new SignatureError(`NOWPayments IPN without ${signatureHeader}`);
  let ipn: Ipn;
  try {
    ipn = JSON.parse(body) as Ipn;
  } catch {
    throw new ValidationError('NOWPayments IPN is not JSON', { body: [fieldProblem('INVALID_FORMAT')] });
  }
  if (!ipn || typeof ipn !== 'object' || Array.isArray(ipn))
    throw new ValidationError('NOWPayments IPN is not a JSON object', { body: [fieldProblem('INVALID_FORMAT')] });
  if (!ipnSignatureMatches(ipn, signature, secret('NowPaymentsIpnSecret'))) throw new SignatureError('NOWPayments IPN signature does not match');

  const topUpId = required(ipn.order_id, 'order_id');
  const providerRef = required(ipn.payment_id, 'payment_id');
  switch (ipn.payment_status) {
    case 'finished':
      return {
        kind: 'paid',
        topUpId,
        amountCents: parseAmountText(required(ipn.price_amount, 'price_amount'), 'price_amount'),
        currency: required(ipn.price_currency, 'price_currency'),
        merchant: nowPaymentsMerchant,
        providerRef,
      };
    case 'failed':
    case 'expired':
      return { kind: 'failed', topUpId, providerRef };
    default:
      // waiting, confirming, confirmed, sending, partially_paid, refunded: nothing to do yet (or ever).
      return { kind: 'ignored', topUpId, reason: `NOWPayments payment_status ${String(ipn.payment_status)}` };
  }
}
