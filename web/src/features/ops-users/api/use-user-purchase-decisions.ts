import useSWR from 'swr';
import type { PurchaseDecisionsReply } from '@numbernest/contracts/ops';
import type { ApiError } from '@/lib/api-client';
import { swrFetcher } from '@/lib/api-client';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/purchase-decisions: why each of the customer's newest 50 Temporary purchases got its number, newest first. */
export const useUserPurchaseDecisions = (sub: string) => useSWR<PurchaseDecisionsReply, ApiError>(`${opsUserApiPath(sub)}/purchase-decisions`, swrFetcher);
