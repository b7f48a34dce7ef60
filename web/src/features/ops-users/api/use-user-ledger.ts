import type { Transaction } from '@numbernest/contracts';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/ledger: the customer's ledger entries, newest first, a page at a time. */
export const useUserLedger = (sub: string) => useCursorPages<Transaction>(`${opsUserApiPath(sub)}/ledger`);
