import { paymentWebhook } from './payment';

/** POST /api/webhooks/crypto: the provider's payment notification. */
export const handler = paymentWebhook('crypto');
