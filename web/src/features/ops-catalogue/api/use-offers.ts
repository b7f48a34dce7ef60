import type { OpsOffersReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/countries/{id}/offers: a country's offers as stored (null: no country chosen). */
export const useOffers = (countryId: number | null) => useSWR<OpsOffersReply>(countryId === null ? null : `/ops/countries/${countryId}/offers`, swrFetcher);
