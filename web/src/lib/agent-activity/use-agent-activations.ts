import type { AgentActivationsReply } from '@numbernest/contracts';
import useSWRInfinite from 'swr/infinite';
import { swrFetcher, type ApiError } from '@/lib/api-client';

/**
 * GET <agent path>/activations?cursor=: the activations an agent served, newest first, every page read
 * so far. The agent path is its partner's (`/user/partner/agents/{id}`) or the operators' (`/ops/agents/{id}`).
 */
export function useAgentActivations(agentPath: string) {
  const swr = useSWRInfinite<AgentActivationsReply, ApiError>(
    (_index, previous: AgentActivationsReply | null) => {
      if (previous && previous.next_cursor === null) return null;
      return previous?.next_cursor ? `${agentPath}/activations?${new URLSearchParams({ cursor: previous.next_cursor })}` : `${agentPath}/activations`;
    },
    swrFetcher,
    { revalidateOnFocus: false, revalidateFirstPage: true },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    activations: pages.flatMap((page) => page.data),
    hasMore: pages.length > 0 && pages.at(-1)!.next_cursor !== null,
    loadMore: () => swr.setSize(swr.size + 1),
  };
}
