import useSWRMutation from 'swr/mutation';
import type { CreateTopUpReply, TopUpRequest } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';

export const topUpsPath = '/user/top-ups';

/** POST /user/top-ups: a pending top-up and where to pay it (`data.checkout`). Rejects with ApiError. */
export function useCreateTopUp() {
  return useSWRMutation<CreateTopUpReply, ApiError, string, TopUpRequest>(topUpsPath, (path, { arg }) =>
    apiRequest<CreateTopUpReply>(path, { method: 'POST', body: arg }),
  );
}
