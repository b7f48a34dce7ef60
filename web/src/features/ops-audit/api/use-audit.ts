import type { AuditEntry } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

/** GET /ops/audit: every operator write, newest first, a page at a time. */
export const useAudit = () => useCursorPages<AuditEntry>('/ops/audit');
