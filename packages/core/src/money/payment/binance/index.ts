import { formatAmountText } from '../money-text';
import { jsonReply, type CheckoutInput, type PaymentAdapter } from '../provider';
import { secret, setting } from '../../../shared/settings';
import { toDollars } from '../../../shared/pricing/money';
import { binancePayRequest } from './api';
import { parseBinanceNotification } from './notification';
import { merchantPassThroughInfo } from './signing';

/**
 * Binance Pay (provider `binance`): a Create Order v3 call gives the hosted checkout; Binance posts
 * an order notification, RSA-signed, to the order's webhookUrl. Binance Pay takes crypto only, so a
 * dollar top-up is charged in USDT at 1:1 (a notification must say USDT, same amount).
 */
const checkoutCurrency = 'USDT';

/** Create Order v3 reply `data` (only what we use). */
interface CreatedOrder {
  prepayId: string | number;
  checkoutUrl?: string;
  universalUrl?: string;
}

function orderRequest(input: CheckoutInput) {
  const dollars = formatAmountText(input.amountCents);
  const goodsName = 'NumberNest balance top-up';
  return {
    env: { terminalType: 'WEB' },
    merchantTradeNo: input.topUpId,
    // A JSON number with at most 2 decimals: exactly the top-up amount.
    orderAmount: toDollars(input.amountCents),
    currency: checkoutCurrency,
    description: `${goodsName}: ${dollars} USD`,
    goodsDetails: [
      // 02 = virtual goods, Z000 = others (Binance's goods codes).
      { goodsType: '02', goodsCategory: 'Z000', referenceGoodsId: 'balance-top-up', goodsName, goodsDetail: `${dollars} USD of balance` },
    ],
    returnUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    webhookUrl: input.notifyUrl,
    passThroughInfo: merchantPassThroughInfo(setting('BinancePayMerchantId'), input.topUpId, secret('BinancePaySecretKey')),
  };
}

export const binance: PaymentAdapter = {
  id: 'binance',
  expected: () => ({ currency: checkoutCurrency, merchant: setting('BinancePayMerchantId') }),
  async createCheckout(input) {
    const order = await binancePayRequest<CreatedOrder>('/binancepay/openapi/v3/order', orderRequest(input));
    const url = order.checkoutUrl ?? order.universalUrl;
    if (!url) throw new Error(`Binance Pay order ${input.topUpId} came back without a checkout URL`);
    return { method: 'GET', url, fields: {}, providerRef: String(order.prepayId) };
  },
  parseNotification: parseBinanceNotification,
  acknowledge: () => jsonReply(200, { returnCode: 'SUCCESS', returnMessage: null }),
  refuse: (statusCode, message) => jsonReply(statusCode, { returnCode: 'FAIL', returnMessage: message }),
};
