import { toDollars } from '../../../shared/pricing/money';
import { formatAmountText } from '../money-text';
import { jsonReply, type PaymentAdapter } from '../provider';
import { secret, setting } from '../../../shared/settings';
import { nowPaymentsMerchant, parseNowPaymentsIpn } from './notification';

/**
 * NOWPayments (provider `crypto`): POST /v1/invoice makes a hosted invoice priced in dollars (the
 * payer picks the coin there); NOWPayments posts IPNs to the invoice's ipn_callback_url as the
 * payment moves on, and `finished` is the one that credits.
 */
const checkoutCurrency = 'usd';

/** The invoice NOWPayments answers (only what we use; `id` comes as a string or a number). */
interface Invoice {
  id?: string | number;
  invoice_url?: string;
  message?: string;
}

export const crypto: PaymentAdapter = {
  id: 'crypto',
  expected: () => ({ currency: checkoutCurrency, merchant: nowPaymentsMerchant }),
  async createCheckout(input) {
    const response = await fetch(`${setting('NowPaymentsApiUrl').replace(/\/$/, '')}/v1/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': secret('NowPaymentsApiKey') },
      body: JSON.stringify({
        price_amount: toDollars(input.amountCents),
        price_currency: checkoutCurrency,
        order_id: input.topUpId,
        order_description: `NumberNest balance top-up: ${formatAmountText(input.amountCents)} USD`,
        ipn_callback_url: input.notifyUrl,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let invoice: Invoice | undefined;
    try {
      invoice = JSON.parse(text) as Invoice;
    } catch {
      invoice = undefined;
    }
    if (!response.ok || invoice?.id === undefined || !invoice.invoice_url) {
      throw new Error(`NOWPayments /v1/invoice failed (HTTP ${response.status}): ${invoice?.message ?? text.slice(0, 200)}`);
    }
    return { method: 'GET', url: invoice.invoice_url, fields: {}, providerRef: String(invoice.id) };
  },
  parseNotification: parseNowPaymentsIpn,
  acknowledge: () => jsonReply(200, { ok: true }),
  refuse: (statusCode, message) => jsonReply(statusCode, { error: message }),
};
