import useSWRMutation from 'swr/mutation';
import type { AdjustmentReply, AdjustmentRequest } from '@numbernest/contracts/ops';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { opsUserApiPath } from './use-ops-user';

export interface AdjustmentAttempt {
  request: AdjustmentRequest;
  /** One per confirmed submit; a retry of the same submit sends it again, so money moves once. */
  idempotencyKey: string;
}

/** POST /ops/users/{sub}/adjustments with `Idempotency-Key`. */
export const useAdjustBalance = (sub: string) =>
  useSWRMutation<AdjustmentReply, ApiError, string, AdjustmentAttempt>(`${opsUserApiPath(sub)}/adjustments`, (path, { arg }) =>
    apiRequest<AdjustmentReply>(path, { method: 'POST', body: arg.request, headers: { 'Idempotency-Key': arg.idempotencyKey } }),
  );
