import type { OpsRental } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/rentals: the customer's rentals, with what was refunded, a page at a time. */
export const useUserRentals = (sub: string) => useCursorPages<OpsRental>(`${opsUserApiPath(sub)}/rentals`);
