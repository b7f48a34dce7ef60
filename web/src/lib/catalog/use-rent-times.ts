import type { RentTime } from '@numbernest/contracts';
import useSWR from 'swr';
import { listResult, type ListReply } from './list-result';

/** GET /mobile-number-rent-times: the week dropdown's options. */
export function useRentTimes(enabled = true) {
  return listResult(useSWR<ListReply<RentTime>>(enabled ? '/mobile-number-rent-times' : null));
}
