import { createAgentRequestSchema, type AgentWithKeyReply } from '@numbernest/contracts';
import { addAgent, toAgentView } from '@numbernest/core/supply';
import { partnerHandler } from '../lib/partner';
import { withStatus } from '../lib/reply';

/** POST /api/user/partner/agents {name, url} -> 201 the agent and its protocol key, shown this once (400 a refused URL, 409 past the limit). */
export const handler = partnerHandler({ body: createAgentRequestSchema }, async ({ partner, body }) => {
  const { agent, key } = await addAgent({ partnerSub: partner.sub, name: body.name, url: body.url }, { partner: { sub: partner.sub, email: partner.email } });
  return withStatus<AgentWithKeyReply>(201, { data: toAgentView(agent), key });
});
