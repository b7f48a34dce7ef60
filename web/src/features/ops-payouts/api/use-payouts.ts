import type { OpsPayoutsReply, PayoutStatus } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher, type ApiError } from '@/lib/api-client';

/** GET /ops/payouts?status=: waiting ones oldest first, decided ones newest first. */
export const payoutsPath = (status: PayoutStatus) => `/ops/payouts?${new URLSearchParams({ status })}`;

export const useOpsPayouts = (status: PayoutStatus) => useSWR<OpsPayoutsReply, ApiError>(payoutsPath(status), swrFetcher, { refreshInterval: 60_000 });
