import type { UpstreamsReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

export const upstreamsPath = '/ops/upstreams';

/** GET /ops/upstreams: every upstream with its balance, spend and health; read again every 60 s, as the sync refreshes them. */
export const useUpstreams = () => useSWR<UpstreamsReply>(upstreamsPath, swrFetcher, { refreshInterval: 60_000 });
