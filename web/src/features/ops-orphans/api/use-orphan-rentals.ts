import type { OrphanCandidatesReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/orphan-messages/{id}/rentals: the active rentals of the orphan's number now (null id: none asked). */
export const useOrphanRentals = (id: string | null) =>
  useSWR<OrphanCandidatesReply>(id === null ? null : `/ops/orphan-messages/${encodeURIComponent(id)}/rentals`, swrFetcher);
