import type { AgentStockReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher, type ApiError } from '@/lib/api-client';

/** GET <agent path>/stock: the agent's fresh stock by country and service (read only when asked: `enabled`). */
export const useAgentStock = (agentPath: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useSWR<AgentStockReply, ApiError>(enabled ? `${agentPath}/stock` : null, swrFetcher, { revalidateOnFocus: false });
