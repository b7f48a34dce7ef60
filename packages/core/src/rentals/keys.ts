import { userPartition } from '../accounts';

/** Keys: docs/access-patterns.md. */
export const rentalKeys = {
  prefix: 'RENTAL#',
  item: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `RENTAL#${id}` }),
  /** Which account a rental id belongs to (operators find a customer by a rental id they were given). */
  byId: (id: string) => ({ pk: `RENTAL_ID#${id}`, sk: 'RENTAL' }),
  lock: (numberId: number, serviceId?: number) => ({ pk: `NUMBER_LOCK#${numberId}`, sk: serviceId === undefined ? 'ALL' : `SERVICE#${serviceId}` }),
  locksOf: (numberId: number) => `NUMBER_LOCK#${numberId}`,
};

export const rentalQueue = 'RENTALS';
export const dayMs = 24 * 60 * 60 * 1000;
/** A number released after use is not rented to someone else for the same service for 90 days. */
export const reuseAfterMs = 90 * dayMs;
export const reminderLeads = [
  ['24h', dayMs],
  ['1h', 60 * 60 * 1000],
] as const;
