import type { AgentsReply } from '@numbernest/contracts';
import { listAgentsOfPartner, toAgentView } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** GET /api/user/partner/agents -> the caller's agents, oldest first; never their keys. */
export const handler = partnerHandler({}, async ({ partner }): Promise<AgentsReply> => ({
  data: (await listAgentsOfPartner(partner.sub)).map((agent) => toAgentView(agent)),
}));
