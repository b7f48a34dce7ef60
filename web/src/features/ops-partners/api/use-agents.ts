import type { OpsAgentsReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

export const agentsPath = '/ops/agents';

/** GET /ops/agents: every agent with its partner and health; read again every 30 s, as the platform polls them every 15 s. */
export const useAgents = () => useSWR<OpsAgentsReply>(agentsPath, swrFetcher, { refreshInterval: 30_000 });
