import type { OpsHoldsReply } from '@numbernest/contracts/ops';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

/** GET /ops/holds: every account on hold after a card payment was taken back, oldest first; read again every minute while open. */
export const useHolds = () => useSWR<OpsHoldsReply>('/ops/holds', swrFetcher, { refreshInterval: 60_000 });
