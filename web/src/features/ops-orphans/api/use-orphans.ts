import type { OrphanMessage, OrphanStatus } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

/** GET /ops/orphan-messages?status=: inbound SMS that reached no renter, newest first, a page at a time. */
export const useOrphans = (status: OrphanStatus) => useCursorPages<OrphanMessage>(`/ops/orphan-messages?status=${status}`);
