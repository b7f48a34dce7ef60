import { paymentWebhook } from './payment';

/** POST /api/webhooks/perfectmoney: the provider's payment notification. */
export const handler = paymentWebhook('perfectmoney');
