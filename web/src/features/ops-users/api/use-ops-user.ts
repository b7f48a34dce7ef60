import useSWR from 'swr';
import type { OpsUserReply } from '@numbernest/contracts/ops';
import type { ApiError } from '@/lib/api-client';
import { swrFetcher } from '@/lib/api-client';

export const opsUserApiPath = (sub: string) => `/ops/users/${encodeURIComponent(sub)}`;

/** GET /ops/users/{sub}: the customer's profile summary. */
export const useOpsUser = (sub: string) => useSWR<OpsUserReply, ApiError>(opsUserApiPath(sub), swrFetcher, { shouldRetryOnError: false });
