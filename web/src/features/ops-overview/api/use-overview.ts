import type { OverviewReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/overview?days=N: the console's home figures; refreshed every minute while open. */
export const useOverview = (days: number) => useSWR<OverviewReply>(`/ops/overview?days=${days}`, swrFetcher, { refreshInterval: 60_000 });
