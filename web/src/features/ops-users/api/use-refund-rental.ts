import useSWRMutation from 'swr/mutation';
import type { RentalRefundReply, RentalRefundRequest } from '@numbernest/contracts/ops';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { opsUserApiPath } from './use-ops-user';

export interface RefundAttempt {
  rentalId: string;
  request: RentalRefundRequest;
  /** One per confirmed submit (kept for its retries). */
  idempotencyKey: string;
}

/** POST /ops/users/{sub}/rentals/{id}/refund with `Idempotency-Key`: part or all of an ended rental's price back. */
export const useRefundRental = (sub: string) =>
  useSWRMutation<RentalRefundReply, ApiError, string, RefundAttempt>(`${opsUserApiPath(sub)}/rentals`, (path, { arg }) =>
    apiRequest<RentalRefundReply>(`${path}/${encodeURIComponent(arg.rentalId)}/refund`, {
      method: 'POST',
      body: arg.request,
      headers: { 'Idempotency-Key': arg.idempotencyKey },
    }),
  );
