import type { StatusReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';
import { agentPath } from './use-agents';
import { useRefreshPartner } from './refresh-partner';

/** DELETE /user/partner/agents/{id}: the agent is removed (its key stops working; what it sold stays earned). */
export function useRemoveAgent() {
  const refresh = useRefreshPartner();
  return async (id: string) => {
    await apiRequest<StatusReply>(agentPath(id), { method: 'DELETE' });
    await refresh();
  };
}
