import { agentParamsSchema, type AgentStockReply } from '@numbernest/contracts';
import { agentStockBreakdown } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** GET /api/user/partner/agents/{id}/stock -> the caller's agent's fresh stock by country and service, largest first (404 not the caller's). */
export const handler = partnerHandler({ params: agentParamsSchema }, async ({ partner, params }): Promise<AgentStockReply> => ({
  data: await agentStockBreakdown(params.id, partner.sub),
}));
