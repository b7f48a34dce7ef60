import type { AgentWithKeyReply, CreateAgentRequest } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { agentsPath } from './use-agents';
import { useRefreshPartner } from './refresh-partner';

/** POST /user/partner/agents {name, url} -> the agent and its key, shown this once. Rejects with ApiError (a refused URL: `fields.url`). */
export function useAddAgent() {
  const refresh = useRefreshPartner();
  return async (request: CreateAgentRequest) => {
    const reply = await apiRequest<AgentWithKeyReply>(agentsPath, { method: 'POST', body: request });
    await refresh();
    return reply;
  };
}
