import { agentParamsSchema, type AgentReply } from '@numbernest/contracts';
import { toAgentView, unblockAgent } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/agents/{id}/unblock -> the agent, no longer blocked (audited; 409 not blocked). */
export const handler = opsHandler({ params: agentParamsSchema }, async ({ params, operator }): Promise<AgentReply> => ({
  data: toAgentView(await unblockAgent(params.id, operator)),
}));
