import { NumberType } from '@numbernest/contracts';
import { keys as catalogKeys } from '../catalog/keys';
import { tableName, type TransactItem } from '../db';
import type { RentalItem } from './items';
import { rentalKeys, reuseAfterMs } from './keys';

/** The lock a rental holds: Private the whole number, Shared and Temporary the number for its service. */
const lockKeyOf = (rental: Pick<RentalItem, 'numberId' | 'typeId' | 'serviceId'>) =>
  rentalKeys.lock(rental.numberId, rental.typeId === NumberType.Private ? undefined : rental.serviceId);

/** How the number's item names a rental holding it (its `activeRentals` set): enough to read the rental. */
export const activeRentalRef = (rental: Pick<RentalItem, 'sub' | 'id'>) => `${rental.sub}#${rental.id}`;

/**
 * Takes the number for this rental: only when nobody holds it, and, within 90 days of its last
 * rental, only for that same renter (operators reissue SIMs; the FAQ promises no reuse).
 */
export function lockTake(rental: RentalItem, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: lockKeyOf(rental),
      UpdateExpression: 'SET activeRentalId = :rental, activeSub = :sub, lastSub = :sub REMOVE reusableAt',
      ConditionExpression: 'attribute_not_exists(activeRentalId) AND (attribute_not_exists(reusableAt) OR reusableAt <= :now OR lastSub = :sub)',
      ExpressionAttributeValues: { ':rental': rental.id, ':sub': rental.sub, ':now': now.toISOString() },
    },
  };
}

/**
 * Lets go of the number when the rental ends. After use it rests: free at once for its renter, for
 * others after 90 days. A rental that ended refunded was never used, so its number is back on sale
 * at once, for everyone (no rest, no `availableAt` in the future).
 */
export function lockRelease(rental: RentalItem, now: Date, { rest }: { rest: boolean }): TransactItem[] {
  const reusableAt = new Date(now.getTime() + (rest ? reuseAfterMs : 0)).toISOString();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: lockKeyOf(rental),
        UpdateExpression: rest ? 'SET reusableAt = :reusable REMOVE activeRentalId, activeSub' : 'REMOVE activeRentalId, activeSub, reusableAt',
        ConditionExpression: 'activeRentalId = :rental',
        ExpressionAttributeValues: { ':rental': rental.id, ...(rest ? { ':reusable': reusableAt } : {}) },
      },
    },
  ];
  const numberKey = catalogKeys.number(rental.countryId, rental.typeId, rental.numberId);
  const holder = { ':holder': new Set([activeRentalRef(rental)]) };
  if (rental.typeId === NumberType.Private) {
    // Back in the picker at once, or once its rest is over (the list filters on availableAt).
    items.push({
      Update: {
        TableName: tableName(),
        Key: numberKey,
        UpdateExpression: 'SET #status = :available, availableAt = :reusable DELETE activeRentals :holder',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':available': 'available', ':reusable': reusableAt, ...holder },
      },
    });
  } else {
    // No longer among its holders (the operators' inventory). Unconditioned: a rental from before the
    // set (not in it) still ends; its number exists, as the purchase's condition on it held.
    items.push({
      Update: {
        TableName: tableName(),
        Key: numberKey,
        UpdateExpression: 'DELETE activeRentals :holder',
        ExpressionAttributeValues: holder,
      },
    });
  }
  return items;
}
