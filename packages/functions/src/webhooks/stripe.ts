import { paymentWebhook } from './payment';

/** POST /api/webhooks/stripe: the provider's payment notification. */
export const handler = paymentWebhook('stripe');
