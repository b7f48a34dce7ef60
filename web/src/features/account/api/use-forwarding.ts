import { useCallback } from 'react';
import type { ForwardingReply, ForwardingSettings } from '@numbernest/contracts';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const forwardingPath = '/user/forwarding';

/** Before the first answer (the switches render only after it): everything off, nothing linked. */
const nothingLinked: ForwardingReply['data'] = {
  email: false,
  telegram: false,
  whatsapp: false,
  messenger: false,
  push: false,
  telegram_linked: false,
  whatsapp_number: null,
  messenger_linked: false,
  push_subscriptions: 0,
};

const switchesOf = (data: ForwardingReply['data']): ForwardingSettings => ({
  email: data.email,
  telegram: data.telegram,
  whatsapp: data.whatsapp,
  messenger: data.messenger,
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
          const body = { ...switchesOf(current?.data ?? nothingLinked), ...change };
          return apiRequest<ForwardingReply>(forwardingPath, { method: 'PUT', body });
        },
        {
          optimisticData: (current) => ({ message: 'success', data: { ...(current?.data ?? nothingLinked), ...change } }),
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
