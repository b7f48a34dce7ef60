import { agentParamsSchema, updateAgentRequestSchema, type AgentReply } from '@numbernest/contracts';
import { toAgentView, updateAgent } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** PATCH /api/user/partner/agents/{id} {name?, url?, paused?} -> the agent as it is now (404 not the caller's). */
export const handler = partnerHandler(
  { params: agentParamsSchema, body: updateAgentRequestSchema },
  async ({ partner, params, body }): Promise<AgentReply> => ({
    data: toAgentView(await updateAgent(partner.sub, params.id, body)),
  }),
);
