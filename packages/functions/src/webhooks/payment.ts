import type { PaymentProvider } from '@numbernest/contracts';
import { settleNotification } from '@numbernest/core/money';
import { webhookHandler } from '../lib/webhook';

/** A payment provider's notification: verified, matched and credited once by core; answered as the provider expects. */
export const paymentWebhook = (provider: PaymentProvider) =>
  webhookHandler(async ({ body, headers, query }) => (await settleNotification(provider, { body, headers, query })).reply);
