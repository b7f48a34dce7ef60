import { numberLockKey, rentalKey, rentalPrefix } from '../shared/db/items/rental-keys';

/** Rentals' keys for other contexts, as the item types write them (keys: docs/access-patterns.md). */
export const rentalKeys = {
  prefix: rentalPrefix,
  item: (sub: string, id: string) => rentalKey({ sub, id }),
  lock: (numberId: number, serviceId?: number) => numberLockKey({ numberId, serviceId }),
  /** The partition of a number's locks (one per service, or the whole number's). */
  locksOf: (numberId: number) => numberLockKey({ numberId }).pk,
};

export const rentalQueue = 'RENTALS';
export const dayMs = 24 * 60 * 60 * 1000;
/** A number released after use is not rented to someone else for the same service for 90 days. */
export const reuseAfterMs = 90 * dayMs;
export const reminderLeads = [
  ['24h', dayMs],
  ['1h', 60 * 60 * 1000],
] as const;
