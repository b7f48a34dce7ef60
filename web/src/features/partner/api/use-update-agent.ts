import type { AgentReply, UpdateAgentRequest } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { agentPath } from './use-agents';
import { useRefreshPartner } from './refresh-partner';

/** PATCH /user/partner/agents/{id}: a new name or URL, paused or resumed. Rejects with ApiError (a refused URL: `fields.url`). */
export function useUpdateAgent() {
  const refresh = useRefreshPartner();
  return async (id: string, change: UpdateAgentRequest) => {
    const reply = await apiRequest<AgentReply>(agentPath(id), { method: 'PATCH', body: change });
    await refresh();
    return reply;
  };
}
