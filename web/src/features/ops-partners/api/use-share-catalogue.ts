import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/catalogue, the console's catalogue (the same request as its Catalogue page): the countries and services a share rule may name. */
export const useShareCatalogue = () => useSWR<OpsCatalogueReply>('/ops/catalogue', swrFetcher);
