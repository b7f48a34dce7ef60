import { readItem } from '../shared/db';
import { rentalItem } from '../shared/db/items/rental';
import { NotFoundError } from '../shared/errors';
import type { RentalItem } from './items';

export async function findRental(sub: string, id: string): Promise<RentalItem | undefined> {
  return readItem(rentalItem, { sub, id }, { consistent: true });
}

/** The owner's rental (anyone else: NotFoundError). */
export async function getRentalOf(sub: string, id: string): Promise<RentalItem> {
  const rental = await findRental(sub, id);
  if (!rental) throw new NotFoundError('Rental not found', 'RENTAL_NOT_FOUND');
  return rental;
}
