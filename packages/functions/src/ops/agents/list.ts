import type { OpsAgentsReply } from '@numbernest/contracts';
import { listAgentsWithPartners, toOpsAgentView } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/agents -> every agent (removed ones left out), oldest first, with its partner; never a key. */
export const handler = opsHandler({}, async (): Promise<OpsAgentsReply> => ({
  data: (await listAgentsWithPartners()).map(({ agent, partner }) => toOpsAgentView(agent, partner)),
}));
