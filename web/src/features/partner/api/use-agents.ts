import type { AgentsReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher, type ApiError } from '@/lib/api-client';

export const agentsPath = '/user/partner/agents';
export const agentPath = (id: string) => `${agentsPath}/${encodeURIComponent(id)}`;

/** GET /user/partner/agents: the caller's agents, oldest first; refreshed as often as the platform polls them (15 s). */
export const useAgents = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useSWR<AgentsReply, ApiError>(enabled ? agentsPath : null, swrFetcher, { refreshInterval: 15_000 });
