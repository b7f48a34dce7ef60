import { readItems, scanPages } from '../shared/db/item';
import { numberLockItem, rentalItem } from '../shared/db/items/rentals';

export interface RentedNumber {
  e164: string;
  typeId: number;
  serviceName?: string;
  rentalId: string;
  expiresAt: string;
}

/**
 * Every number rented right now, with its rental: a Scan of the lock items. For the local SMS
 * sandbox's "to" list (and operators' tools) only: never on a request path.
 */
export async function rentedNumbers(): Promise<RentedNumber[]> {
  const locks: Array<{ id: string; sub: string }> = [];
  for await (const page of scanPages(numberLockItem, { filter: { activeRentalId: { exists: true } }, fields: ['activeRentalId', 'activeSub'] }))
    for (const lock of page.items) if (lock.activeRentalId && lock.activeSub) locks.push({ id: lock.activeRentalId, sub: lock.activeSub });
  const rentals = await readItems(rentalItem, locks);
  return rentals
    .filter((rental) => rental.status === 'active')
    .map((rental) => ({
      e164: rental.e164,
      typeId: rental.typeId,
      ...(rental.serviceName ? { serviceName: rental.serviceName } : {}),
      rentalId: rental.id,
      expiresAt: rental.expiresAt,
    }))
    .sort((a, b) => a.e164.localeCompare(b.e164) || (a.serviceName ?? '').localeCompare(b.serviceName ?? ''));
}
