import { paymentWebhook } from './payment';

/** POST /api/webhooks/payeer: the provider's payment notification. */
export const handler = paymentWebhook('payeer');
