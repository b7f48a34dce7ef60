import { receiveGateway } from '@numbernest/core/messaging';
import { webhookHandler } from '../lib/webhook';

/**
 * POST /api/webhooks/sms/gateway: SMS Gateway for Android's `sms:received` (X-Signature, X-Timestamp),
 * each phone signing with its own key. Register it on the phone as `{apiUrl}/api/webhooks/sms/gateway`;
 * add `?to=<the SIM's number, E.164>` (dual SIM: `?sim1=…&sim2=…`) only when the app cannot put its
 * own number in the payload's `recipient`.
 */
export const handler = webhookHandler(async ({ body, headers, query }) => (await receiveGateway({ body, headers, query })).reply);
