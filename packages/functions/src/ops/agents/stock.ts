import { agentParamsSchema, type AgentStockReply } from '@numbernest/contracts';
import { agentStockBreakdown } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/agents/{id}/stock -> an agent's fresh stock by country and service, largest first. */
export const handler = opsHandler({ params: agentParamsSchema }, async ({ params }): Promise<AgentStockReply> => ({
  data: await agentStockBreakdown(params.id),
}));
