import type { PutSourceRuleRequest, SourceRulesReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const sourceRulesPath = '/ops/source-rules';

/**
 * GET /ops/source-rules: the pins and exclusions per country and service, and the sources a rule may
 * name. Setting a rule (PUT; neither pin nor exclusions removes it) answers the rules after it, which
 * become the list at once.
 */
export function useSourceRules() {
  const swr = useSWR<SourceRulesReply>(sourceRulesPath, swrFetcher);
  const { mutate } = swr;
  const save = useCallback(
    async (body: PutSourceRuleRequest) => {
      const reply = await apiRequest<SourceRulesReply>(sourceRulesPath, { method: 'PUT', body });
      await mutate(reply, { revalidate: false });
      return reply;
    },
    [mutate],
  );
  return { ...swr, save };
}
