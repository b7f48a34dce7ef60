import type { PartnerSummaryReply } from '@numbernest/contracts';
import { partnerSummary } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';

/** GET /api/user/partner -> since when the caller is a partner, how many agents they have and may have (403 PARTNERS_ONLY otherwise). */
export const handler = partnerHandler({}, async ({ partner }): Promise<PartnerSummaryReply> => {
  const { since, agents, maxAgents } = await partnerSummary(partner);
  return { data: { since, agents, max_agents: maxAgents } };
});
