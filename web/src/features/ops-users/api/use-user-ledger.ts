import type { OpsLedgerEntry } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/ledger: the customer's ledger entries (with operators' notes), newest first, a page at a time. */
export const useUserLedger = (sub: string) => useCursorPages<OpsLedgerEntry>(`${opsUserApiPath(sub)}/ledger`);
