import type { AgentReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/agents/{id}/unblock: the agent sells again (unless paused by its partner). */
export const unblockAgent = (id: string) => apiRequest<AgentReply>(`/ops/agents/${encodeURIComponent(id)}/unblock`, { method: 'POST' });
