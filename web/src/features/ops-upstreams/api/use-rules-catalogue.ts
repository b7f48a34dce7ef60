import type { OpsCatalogueReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/catalogue (the same request as the Catalogue page's): the countries and services a source rule may name. */
export const useRulesCatalogue = () => useSWR<OpsCatalogueReply>('/ops/catalogue', swrFetcher);
