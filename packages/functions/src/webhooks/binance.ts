import { paymentWebhook } from './payment';

/** POST /api/webhooks/binance: the provider's payment notification. */
export const handler = paymentWebhook('binance');
