import { receiveGateway } from '@numbernest/core/message';
import { webhookHandler } from '../lib/webhook';

/**
 * POST /api/webhooks/sms/gateway: SMS Gateway for Android's `sms:received` (X-Signature, X-Timestamp).
 * Register it on the phone as `{apiUrl}/api/webhooks/sms/gateway?to=<the SIM's number, E.164>`
 * (dual SIM: `?sim1=…&sim2=…`): the payload does not name the receiving number.
 */
export const handler = webhookHandler(async ({ body, headers, query }) => (await receiveGateway({ body, headers, query })).reply);
