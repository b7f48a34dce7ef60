import type { AgentReply, BlockAgentRequest } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/agents/{id}/block: the platform takes no numbers from it until unblocked; the reason is shown to its partner. */
export const blockAgent = (id: string, body: BlockAgentRequest) =>
  apiRequest<AgentReply>(`/ops/agents/${encodeURIComponent(id)}/block`, { method: 'POST', body });
