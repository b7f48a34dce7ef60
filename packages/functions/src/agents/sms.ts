import { receiveAgentSms } from '@numbernest/core/messaging';
import { bytesWebhookHandler } from '../lib/webhook';

/**
 * POST /api/agents/sms: a partner's agent delivers an SMS (the SMSHub agent protocol's PUSH_SMS, JSON,
 * gzipped or plain), named by the agent's key in the body. Always 200: the answer's `status` says
 * SUCCESS or ERROR, gzipped when the agent accepts it.
 */
export const handler = bytesWebhookHandler(async ({ body, headers }) => ({ statusCode: 200, ...(await receiveAgentSms({ body, headers })).reply }));
