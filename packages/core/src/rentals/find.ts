import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, withoutKeys } from '../shared/db';
import { NotFoundError } from '../shared/errors';
import type { RentalItem } from './items';
import { rentalKeys } from './keys';

/*
 * Kept off the item layer for now: Start Chat's send reads its rental here, and the rental item's
 * definition (its schema with the context's other items) would take messages/send past its bundle budget.
 */

export async function findRental(sub: string, id: string): Promise<RentalItem | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: rentalKeys.item(sub, id), ConsistentRead: true }));
  return Item && withoutKeys(Item as RentalItem);
}

/** The owner's rental (anyone else: NotFoundError). */
export async function getRentalOf(sub: string, id: string): Promise<RentalItem> {
  const rental = await findRental(sub, id);
  if (!rental) throw new NotFoundError('Rental not found', 'RENTAL_NOT_FOUND');
  return rental;
}
