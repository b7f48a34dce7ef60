import { agentActivationsQuerySchema, agentParamsSchema, type AgentActivationsReply } from '@numbernest/contracts';
import { agentActivations } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** GET /api/user/partner/agents/{id}/activations?cursor= -> the activations the caller's agent served, 50 a page, newest first (404 not the caller's). */
export const handler = partnerHandler(
  { params: agentParamsSchema, query: agentActivationsQuerySchema },
  async ({ partner, params, query }): Promise<AgentActivationsReply> => agentActivations(params.id, query.cursor, partner.sub),
);
