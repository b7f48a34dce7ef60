import { agentActivationsQuerySchema, agentParamsSchema, type AgentActivationsReply } from '@numbernest/contracts';
import { agentActivations } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/agents/{id}/activations?cursor= -> the activations an agent served, 50 a page, newest first. */
export const handler = opsHandler(
  { params: agentParamsSchema, query: agentActivationsQuerySchema },
  async ({ params, query }): Promise<AgentActivationsReply> => agentActivations(params.id, query.cursor),
);
