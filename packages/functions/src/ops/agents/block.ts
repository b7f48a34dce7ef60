import { agentParamsSchema, blockAgentRequestSchema, type AgentReply } from '@numbernest/contracts';
import { blockAgent, toAgentView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/agents/{id}/block {reason} -> the agent, blocked: the platform stops using it (audited; 409 already blocked). */
export const handler = opsHandler({ params: agentParamsSchema, body: blockAgentRequestSchema }, async ({ params, body, operator }): Promise<AgentReply> => ({
  data: toAgentView(await blockAgent(params.id, body.reason, operator)),
}));
