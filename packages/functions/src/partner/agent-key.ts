import { agentParamsSchema, type AgentWithKeyReply } from '@numbernest/contracts';
import { rotateAgentKey, toAgentView } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** POST /api/user/partner/agents/{id}/key -> a new protocol key, shown this once; the old one stops working at once. */
export const handler = partnerHandler({ params: agentParamsSchema }, async ({ partner, params }): Promise<AgentWithKeyReply> => {
  const { agent, key } = await rotateAgentKey(partner.sub, params.id);
  return { data: toAgentView(agent), key };
});
