import type { Country } from '@numbernest/contracts';
import useSWR from 'swr';
import { listResult, type ListReply } from './list-result';
import { useLocalizedCountries } from './localized-countries';

/** GET /mobile-number-countries: countries of the Shared and Temporary tabs. */
export function useCountries(enabled = true) {
  return useLocalizedCountries(listResult(useSWR<ListReply<Country>>(enabled ? '/mobile-number-countries' : null)));
}
