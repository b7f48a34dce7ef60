import { numberTypeSchema, rentalStatusSchema } from '@numbernest/contracts';
import { storageKeys } from '@/lib/storage';
import type { RentalFilters } from './keys';

/** Which page's filters: Manage Number keeps `type`, `service`, `status`; My Number `myNumberType`…, as the original client stored them. */
export type FilterScope = 'manageNumber' | 'myNumber';

const keysOf = (scope: FilterScope) => (scope === 'manageNumber' ? storageKeys.manageNumberFilters : storageKeys.myNumberFilters);

/** The saved filters; anything missing or malformed is "any". */
export function readStoredFilters(scope: FilterScope): RentalFilters {
  const keys = keysOf(scope);
  const type = numberTypeSchema.safeParse(Number(localStorage.getItem(keys.type)));
  const service = Number(localStorage.getItem(keys.service) || Number.NaN);
  const status = rentalStatusSchema.safeParse(localStorage.getItem(keys.status));
  return {
    type: type.success ? type.data : null,
    service: Number.isInteger(service) && service > 0 ? service : null,
    status: status.success ? status.data : null,
  };
}

/** Saving filters writes them to local storage: each as plain text, blank for "any". */
export function writeStoredFilters(scope: FilterScope, filters: RentalFilters): void {
  const keys = keysOf(scope);
  localStorage.setItem(keys.type, filters.type === null ? '' : String(filters.type));
  localStorage.setItem(keys.service, filters.service === null ? '' : String(filters.service));
  localStorage.setItem(keys.status, filters.status ?? '');
}
