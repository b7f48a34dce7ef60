import type { InventoryNumber, InventoryStatus } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

export interface NumberFilters {
  country: number | null;
  type: number | null;
  status: InventoryStatus | null;
  /** `twilio`, `gateway`, `gateway:<deviceId>[:<sim>]`. */
  source: string;
  search: string;
}

export const noFilters: NumberFilters = { country: null, type: null, status: null, source: '', search: '' };

/** The list's path for these filters (blank ones left out). */
export function numbersPath(filters: NumberFilters): string {
  const query = new URLSearchParams();
  if (filters.country !== null) query.set('country_id', String(filters.country));
  if (filters.type !== null) query.set('mobile_number_type_id', String(filters.type));
  if (filters.status) query.set('status', filters.status);
  if (filters.source.trim()) query.set('source', filters.source.trim());
  const digits = filters.search.replace(/\D/g, '');
  if (digits) query.set('search', digits);
  const qs = query.toString();
  return `/ops/numbers${qs ? `?${qs}` : ''}`;
}

/** GET /ops/numbers: every number, filtered, a page at a time. */
export const useNumbers = (filters: NumberFilters) => useCursorPages<InventoryNumber>(numbersPath(filters));
