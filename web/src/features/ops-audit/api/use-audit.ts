import type { AuditEntry } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

/** The audit list's filters; blank ones are left out. Days are UTC, `YYYY-MM-DD`, both ends included. */
export interface AuditFilters {
  from: string;
  to: string;
  operator: string;
  action: string;
}

export const noAuditFilters: AuditFilters = { from: '', to: '', operator: '', action: '' };

/** The list's path for these filters. */
export function auditPath(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) query.set(name, value.trim());
  const text = query.toString();
  return text ? `/ops/audit?${text}` : '/ops/audit';
}

/** GET /ops/audit: operator writes, newest first, a page at a time, narrowed by the filters (the server applies them). */
export const useAudit = (filters: AuditFilters = noAuditFilters) => useCursorPages<AuditEntry>(auditPath(filters));
