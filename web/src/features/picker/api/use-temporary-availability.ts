import type { TemporaryAvailabilityReply } from '@numbernest/contracts';
import useSWR from 'swr';

/**
 * GET /temporary-availability/{countryId}: how many Temporary activations each service of the country
 * can be bought for now (ours and partners') and how well each delivers. `count` is undefined while loading, or when it failed
 * (the row then lets the customer try: the purchase says when none is free); idle without a country.
 */
export function useTemporaryAvailability(countryId: number | null, serviceId: number | null) {
  const swr = useSWR<TemporaryAvailabilityReply>(countryId === null ? null : `/temporary-availability/${countryId}`, {
    // A count goes stale as numbers are bought: read again on focus and every half minute while shown.
    refreshInterval: 30_000,
  });
  const count = swr.data && serviceId !== null ? (swr.data.data.find((s) => s.service_provider_id === serviceId)?.available ?? 0) : undefined;
  // Each service's delivery rate (0..1), null while too few activations say it; absent from an older server.
  const rateOf = (id: number) => swr.data?.data.find((s) => s.service_provider_id === id)?.delivery_rate ?? null;
  return { count, rate: serviceId === null ? null : rateOf(serviceId), rateOf, isLoading: swr.isLoading };
}
