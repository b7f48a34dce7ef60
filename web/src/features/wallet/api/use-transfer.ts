import useSWRMutation from 'swr/mutation';
import type { TransferReply, TransferRequest } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';

export const transfersPath = '/user/transfers';

export interface TransferAttempt {
  request: TransferRequest;
  /** One per confirmed attempt; the same key again (a retry after a network error) moves money once. */
  idempotencyKey: string;
}

/** POST /user/transfers with `Idempotency-Key`. Rejects with ApiError (field errors in `body.errors`). */
export function useTransfer() {
  return useSWRMutation<TransferReply, ApiError, string, TransferAttempt>(transfersPath, (path, { arg }) =>
    apiRequest<TransferReply>(path, { method: 'POST', body: arg.request, headers: { 'Idempotency-Key': arg.idempotencyKey } }),
  );
}
