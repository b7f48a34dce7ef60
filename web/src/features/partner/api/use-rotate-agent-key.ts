import type { AgentWithKeyReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { agentPath } from './use-agents';
import { useRefreshPartner } from './refresh-partner';

/** POST /user/partner/agents/{id}/key: a new protocol key (the old one stops working), shown this once. */
export function useRotateAgentKey() {
  const refresh = useRefreshPartner();
  return async (id: string) => {
    const reply = await apiRequest<AgentWithKeyReply>(`${agentPath(id)}/key`, { method: 'POST' });
    await refresh();
    return reply;
  };
}
