import useSWRMutation from 'swr/mutation';
import type { RentalCloseReply, RentalCloseRequest } from '@numbernest/contracts/ops';
import { apiRequest, type ApiError } from '@/lib/api-client';
import { opsUserApiPath } from './use-ops-user';

/** POST /ops/users/{sub}/rentals/{id}/close: ended now on the customer's behalf, refunded only when asked. */
export const useCloseRental = (sub: string) =>
  useSWRMutation<RentalCloseReply, ApiError, string, { rentalId: string; request: RentalCloseRequest }>(`${opsUserApiPath(sub)}/rentals`, (path, { arg }) =>
    apiRequest<RentalCloseReply>(`${path}/${encodeURIComponent(arg.rentalId)}/close`, { method: 'POST', body: arg.request }),
  );
