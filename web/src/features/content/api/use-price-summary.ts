import useSWR from 'swr';
import type { PriceSummary } from '@numbernest/contracts';
import type { ApiError } from '@/lib/api-client';

/** GET /api/price-summary: the cheapest price of each number type ("from" prices); null without offers. */
export function usePriceSummary() {
  return useSWR<{ data: PriceSummary }, ApiError>('/price-summary');
}
