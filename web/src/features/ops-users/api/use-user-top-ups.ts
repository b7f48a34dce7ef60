import type { OpsUserTopUp } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/top-ups: the customer's top-ups, every status, a page at a time. */
export const useUserTopUps = (sub: string) => useCursorPages<OpsUserTopUp>(`${opsUserApiPath(sub)}/top-ups`);
