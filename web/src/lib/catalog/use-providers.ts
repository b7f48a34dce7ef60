import type { ServiceProvider } from '@numbernest/contracts';
import useSWR from 'swr';
import { listResult, type ListReply } from './list-result';

/** GET /mobile-number-providers/{countryId}: the services offered in a country; idle without a country. */
export function useProviders(countryId: number | null) {
  return listResult(useSWR<ListReply<ServiceProvider>>(countryId === null ? null : `/mobile-number-providers/${countryId}`));
}
