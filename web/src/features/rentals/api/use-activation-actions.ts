import useSWRMutation from 'swr/mutation';
import type { RentalReply, ReportReason } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { rentalPath } from './keys';
import { useRentalChanged } from './use-rental-changed';

/** One POST on a rental that answers the rental (and, when money moved, the balance). */
function useRentalPost<Body>(id: string, action: string) {
  const changed = useRentalChanged();
  return useSWRMutation<RentalReply, ApiError, string, Body>(
    `${rentalPath(id)}/${action}`,
    async (path: string, { arg }: { arg: Body }) => {
      const reply = await apiRequest<RentalReply>(path, { method: 'POST', ...(arg === undefined ? {} : { body: arg }) });
      changed(reply.data, reply.balance);
      return reply;
    },
    { revalidate: false },
  );
}

/** POST /user/rentals/{id}/finish: done with an activation that got its code (no refund). */
export const useFinishActivation = (id: string) => useRentalPost<undefined>(id, 'finish');

/** POST /user/rentals/{id}/another-code: the last code is spent; wait for a newer one on the same number. */
export const useRequestAnotherCode = (id: string) => useRentalPost<undefined>(id, 'another-code');

/** POST /user/rentals/{id}/report { reason }: refunded in full, and the number is no longer sold for its service. */
export const useReportNumber = (id: string) => useRentalPost<{ reason: ReportReason }>(id, 'report');
