import useSWR from 'swr';
import type { RentalReply } from '@numbernest/contracts';
import { swrFetcher, type ApiError } from '@/lib/api-client';
import { rentalPath } from './keys';

/** Asked again this often while the rental is active, in case the push channel is down. */
export const activeRentalRefreshMs = 20_000;

/** GET /user/rentals/{id}: one of the caller's rentals (anyone else's is a 404). */
export function useRental(id: string | null) {
  return useSWR<RentalReply, ApiError>(id ? rentalPath(id) : null, swrFetcher, {
    refreshInterval: (latest) => (latest?.data.status === 'active' ? activeRentalRefreshMs : 0),
    shouldRetryOnError: false,
  });
}
