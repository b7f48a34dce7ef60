import useSWRMutation from 'swr/mutation';
import type { RentalReply } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { rentalPath } from './keys';
import { useRentalChanged } from './use-rental-changed';

export interface ExtendAttempt {
  rentTimeId: number;
  /** One per confirmed attempt; sent again unchanged after a network error, so it is charged once. */
  idempotencyKey: string;
}

/** POST /user/rentals/{id}/extend { rent_time_id } + Idempotency-Key. Rejects with ApiError (402 short of balance). */
export function useExtendRental(id: string) {
  const changed = useRentalChanged();
  return useSWRMutation<RentalReply, ApiError, string, ExtendAttempt>(
    `${rentalPath(id)}/extend`,
    async (path: string, { arg }: { arg: ExtendAttempt }) => {
      const reply = await apiRequest<RentalReply>(path, {
        method: 'POST',
        body: { rent_time_id: arg.rentTimeId },
        headers: { 'Idempotency-Key': arg.idempotencyKey },
      });
      changed(reply.data, reply.balance);
      return reply;
    },
    { revalidate: false },
  );
}
