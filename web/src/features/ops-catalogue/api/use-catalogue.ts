import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/catalogue: countries (disabled too), services with their routing, Private offers, the public cache's lifetime. */
export const useCatalogue = () => useSWR<OpsCatalogueReply>('/ops/catalogue', swrFetcher);
