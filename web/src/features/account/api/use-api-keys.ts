import type { ApiKeysReply, CreatedApiKeyReply, StatusReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const apiKeysPath = '/user/api-keys';

/** The caller's API keys for the SMS-Activate-compatible handler_api (never the keys themselves). */
export function useApiKeys() {
  const swr = useSWR<ApiKeysReply>(apiKeysPath, swrFetcher);
  const { mutate } = swr;
  /** POST {name} -> the new key, shown once. */
  const create = useCallback(
    async (name: string) => {
      const reply = await apiRequest<CreatedApiKeyReply>(apiKeysPath, { method: 'POST', body: { name } });
      await mutate();
      return reply;
    },
    [mutate],
  );
  const revoke = useCallback(
    async (id: string) => {
      await apiRequest<StatusReply>(`${apiKeysPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await mutate();
    },
    [mutate],
  );
  return { ...swr, create, revoke };
}
