import useSWR from 'swr';
import type { OpsApiKeysReply } from '@numbernest/contracts/ops';
import type { ApiError } from '@/lib/api-client';
import { swrFetcher } from '@/lib/api-client';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/api-keys: names and times, revoked keys too (never a key). */
export const useUserApiKeys = (sub: string) => useSWR<OpsApiKeysReply, ApiError>(`${opsUserApiPath(sub)}/api-keys`, swrFetcher);
