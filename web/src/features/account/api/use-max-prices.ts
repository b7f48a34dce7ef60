import type { MaxPriceReply, MaxPricesReply, StatusReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const maxPricesPath = '/user/max-prices';

/** The caller's saved price limits per service: the most an API purchase without its own maxPrice may cost. */
export function useMaxPrices() {
  const swr = useSWR<MaxPricesReply>(maxPricesPath, swrFetcher);
  const { mutate } = swr;
  /** PUT {price} in dollars: creates the service's limit or changes it. */
  const save = useCallback(
    async (serviceId: number, price: number) => {
      const reply = await apiRequest<MaxPriceReply>(`${maxPricesPath}/${serviceId}`, { method: 'PUT', body: { price } });
      await mutate();
      return reply.data;
    },
    [mutate],
  );
  const remove = useCallback(
    async (serviceId: number) => {
      await apiRequest<StatusReply>(`${maxPricesPath}/${serviceId}`, { method: 'DELETE' });
      await mutate();
    },
    [mutate],
  );
  return { ...swr, save, remove };
}
