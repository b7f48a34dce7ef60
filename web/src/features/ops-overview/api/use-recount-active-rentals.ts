import type { RecountActiveRentalsReply } from '@numbernest/contracts/ops';
import useSWRMutation from 'swr/mutation';
import { apiRequest, type ApiError } from '@/lib/api-client';

/** POST /ops/overview/active-rentals/recount: the gauge set from the rentals themselves (audited). */
export const useRecountActiveRentals = () =>
  useSWRMutation<RecountActiveRentalsReply, ApiError, string>('/ops/overview/active-rentals/recount', (path: string) =>
    apiRequest<RecountActiveRentalsReply>(path, { method: 'POST' }),
  );
