import { numberLockItem, rentalIdItem, rentalItem, rentalPrefix } from '../shared/db/items/rentals';

/** Keys of rentals' items (defined in shared/db/items/rentals.ts), for the contexts that read them. */
export const rentalKeys = {
  prefix: rentalPrefix,
  item: (sub: string, id: string) => rentalItem.key({ sub, id }),
  /** Which account a rental id belongs to (operators find a customer by a rental id they were given). */
  byId: (id: string) => rentalIdItem.key({ rentalId: id }),
  lock: (numberId: number, serviceId?: number) => numberLockItem.key({ numberId, serviceId }),
  locksOf: (numberId: number) => numberLockItem.key({ numberId }).pk,
};

export const rentalQueue = 'RENTALS';
export const dayMs = 24 * 60 * 60 * 1000;
/** A number released after use is not rented to someone else for the same service for 90 days. */
export const reuseAfterMs = 90 * dayMs;
export const reminderLeads = [
  ['24h', dayMs],
  ['1h', 60 * 60 * 1000],
] as const;
