import type { PayoutsReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher, type ApiError } from '@/lib/api-client';

export const payoutsPath = '/user/partner/payouts';

/** GET /user/partner/payouts: the caller's payout requests, newest first. */
export const usePayouts = ({ enabled = true }: { enabled?: boolean } = {}) => useSWR<PayoutsReply, ApiError>(enabled ? payoutsPath : null, swrFetcher);
