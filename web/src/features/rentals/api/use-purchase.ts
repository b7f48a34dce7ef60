import useSWRMutation from 'swr/mutation';
import type { PurchaseBody, RentalReply } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { rentalsPrefix } from './keys';

export interface PurchaseAttempt {
  request: PurchaseBody;
  /** One per Pay attempt; pressing Pay again after a network error sends the same key, so it is bought once. */
  idempotencyKey: string;
}

/** POST /user/rentals + Idempotency-Key -> 201 { data: rental, balance }. Rejects with ApiError (402, 404, 409…). */
export function usePurchase() {
  return useSWRMutation<RentalReply, ApiError, string, PurchaseAttempt>(
    rentalsPrefix,
    (path: string, { arg }: { arg: PurchaseAttempt }) =>
      apiRequest<RentalReply>(path, { method: 'POST', body: arg.request, headers: { 'Idempotency-Key': arg.idempotencyKey } }),
    { revalidate: false },
  );
}
