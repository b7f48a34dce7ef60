import useSWR from 'swr';
import type { RentalsReply } from '@numbernest/contracts';
import { swrFetcher, type ApiError } from '@/lib/api-client';
import { rentalsPath, type RentalFilters } from './keys';

/** One page of the caller's rentals, newest first; the previous page stays on screen while the next loads. */
export function useRentals(filters: Partial<RentalFilters>, page = 0, { enabled = true } = {}) {
  return useSWR<RentalsReply, ApiError>(enabled ? rentalsPath(filters, page) : null, swrFetcher, { keepPreviousData: true });
}
