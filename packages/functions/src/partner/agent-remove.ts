import { agentParamsSchema, type StatusReply } from '@numbernest/contracts';
import { removeAgent } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** DELETE /api/user/partner/agents/{id}: the agent is removed (its key stops working; its history stays). */
export const handler = partnerHandler({ params: agentParamsSchema }, async ({ partner, params }): Promise<StatusReply> => {
  await removeAgent(partner.sub, params.id);
  return { status: 'success', message: 'Agent removed' };
});
