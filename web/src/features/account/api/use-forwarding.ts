import { useCallback } from 'react';
import type { ForwardingReply, ForwardingSettings } from '@numbernest/contracts';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '../../../lib/api-client';

export const forwardingPath = '/user/forwarding';

const switchesOf = (data: ForwardingReply['data']): ForwardingSettings => ({
  email: data.email,
  telegram: data.telegram,
  whatsapp: data.whatsapp,
  push: data.push,
});

/**
 * The channels each SMS is forwarded to, and what each is linked to. `save` sends every switch:
 * the cache shows the change at once and goes back if the server says no (the promise rejects).
 */
export function useForwarding() {
  const swr = useSWR<ForwardingReply>(forwardingPath, swrFetcher);
  const { mutate } = swr;
  const save = useCallback(
    async (change: Partial<ForwardingSettings>) => {
      await mutate(
        async (current) => {
          const body = { ...(current ? switchesOf(current.data) : { email: false, telegram: false, whatsapp: false, push: false }), ...change };
          return apiRequest<ForwardingReply>(forwardingPath, { method: 'PUT', body });
        },
        {
          optimisticData: (current) => current && { ...current, data: { ...current.data, ...change } },
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
    },
    [mutate],
  );
  return { ...swr, save };
}
