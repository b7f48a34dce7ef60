import useSWRMutation from 'swr/mutation';
import type { RentalReply } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { rentalPath } from './keys';
import { useRentalChanged } from './use-rental-changed';

/**
 * POST /user/rentals/{id}/close: refunded in full when no message came (`data.ended` 'refunded'),
 * else closed without a refund ('closed'). Rejects with ApiError (409 when it had already ended).
 */
export function useCloseRental(id: string) {
  const changed = useRentalChanged();
  return useSWRMutation<RentalReply, ApiError, string, never>(
    `${rentalPath(id)}/close`,
    async (path: string) => {
      const reply = await apiRequest<RentalReply>(path, { method: 'POST' });
      changed(reply.data, reply.balance);
      return reply;
    },
    { revalidate: false },
  );
}
