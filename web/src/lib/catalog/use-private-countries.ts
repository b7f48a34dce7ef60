import type { PrivateCountry } from '@numbernest/contracts';
import useSWR from 'swr';
import { listResult, type ListReply } from './list-result';
import { useLocalizedCountries } from './localized-countries';

/** GET /private-numbers: countries of the Private tab with their per-day prices. */
export function usePrivateCountries(enabled = true) {
  return useLocalizedCountries(listResult(useSWR<ListReply<PrivateCountry>>(enabled ? '/private-numbers' : null)));
}
