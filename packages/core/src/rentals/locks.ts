import { NumberType, type ReportReason } from '@numbernest/contracts';
import { catalogKeys } from '../catalogue';
import { requestPart, tableName, txUpdate, type TransactItem, type TransactPart } from '../shared/db';
import { numberLockItem } from '../shared/db/items/rentals';
import { ConflictError } from '../shared/errors';
import type { RentalItem } from './items';
import { reuseAfterMs } from './keys';

/** The lock a rental holds: Private the whole number, Shared and Temporary the number for its service. */
const lockOf = (rental: Pick<RentalItem, 'numberId' | 'typeId' | 'serviceId'>) => ({
  numberId: rental.numberId,
  serviceId: rental.typeId === NumberType.Private ? undefined : rental.serviceId,
});

const numberTaken = () => new ConflictError('This number is no longer available', 'NUMBER_TAKEN');

/** How the number's item names a rental holding it (its `activeRentals` set): enough to read the rental. */
export const activeRentalRef = (rental: Pick<RentalItem, 'sub' | 'id'>) => `${rental.sub}#${rental.id}`;

/**
 * Takes the number for this rental: only when nobody holds it, nobody reported it for the service
 * (`blockedAt`), and, within 90 days of its last rental, only for that same renter (operators
 * reissue SIMs; the FAQ promises no reuse). The lock is created by its first rental.
 */
export function lockTake(rental: RentalItem, now: Date): TransactPart {
  return txUpdate(numberLockItem, lockOf(rental), {
    set: { activeRentalId: rental.id, activeSub: rental.sub, lastSub: rental.sub },
    remove: ['reusableAt'],
    ifExists: false,
    when: {
      activeRentalId: { absent: true },
      blockedAt: { absent: true },
      anyOf: [{ reusableAt: { absent: true } }, { reusableAt: { notAfter: now.toISOString() } }, { lastSub: { equals: rental.sub } }],
    },
    onConditionFailed: numberTaken,
  });
}

/**
 * The number item's side of taking it, in the same transaction as `lockTake`, so the picker never
 * offers what the lock would refuse. It must still be on offer (not retired; Private: not rented).
 * Private leaves the picker's list while rented; Shared and Temporary are held for the rental's
 * service (`heldUntil_<service>`), so the list for that service leaves it out while others keep it.
 * The number item is the catalogue's: written here as the catalogue lays it out (a number gone meanwhile: taken).
 */
export function numberTake(rental: RentalItem): TransactPart {
  return requestPart(numberTakeRequest(rental), numberTaken);
}

// Raw requests: the catalogue's number item is no item type yet (its held attribute is named by the service).
function numberTakeRequest(rental: RentalItem): TransactItem {
  const holder = { ':holder': new Set([activeRentalRef(rental)]) };
  const stillOffered = '#status = :available AND attribute_not_exists(retiredAt)';
  const Key = catalogKeys.number(rental.countryId, rental.typeId, rental.numberId);
  if (rental.typeId === NumberType.Private) {
    return {
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET #status = :rented ADD activeRentals :holder REMOVE pickerList',
        ConditionExpression: stillOffered,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rented': 'rented', ':available': 'available', ...holder },
      },
    };
  }
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET #held = :held ADD activeRentals :holder',
      ConditionExpression: stillOffered,
      ExpressionAttributeNames: { '#status': 'status', '#held': catalogKeys.heldAttribute(rental.serviceId!) },
      ExpressionAttributeValues: { ':available': 'available', ':held': catalogKeys.heldWhileRented, ...holder },
    },
  };
}

/**
 * Lets go of the number when the rental ends. After use it rests: free at once for its renter, for
 * others after 90 days. A rental that ended refunded was never used, so its number is back on sale
 * at once, for everyone (no rest, no `availableAt` in the future).
 *
 * The picker is public, so a resting number is listed for nobody until its rest is over (`availableAt`
 * for Private, `heldUntil_<service>` for the others); its last renter can still buy it again by
 * number where the lock allows it. The lock's part (`notHeld` when the rental holds it no longer),
 * then the catalogue's number item.
 */
export function lockRelease(rental: RentalItem, now: Date, { rest }: { rest: boolean }, notHeld: () => Error): [TransactPart, TransactPart] {
  const [lock, number] = lockReleaseRequests(rental, now, { rest }, notHeld);
  return [lock, requestPart(number, notHeld)];
}

function lockReleaseRequests(rental: RentalItem, now: Date, { rest }: { rest: boolean }, notHeld: () => Error): [TransactPart, TransactItem] {
  const reusableAt = new Date(now.getTime() + (rest ? reuseAfterMs : 0)).toISOString();
  const lock = txUpdate(numberLockItem, lockOf(rental), {
    ...(rest ? { set: { reusableAt }, remove: ['activeRentalId', 'activeSub'] } : { remove: ['activeRentalId', 'activeSub', 'reusableAt'] }),
    when: { activeRentalId: { equals: rental.id } },
    onConditionFailed: notHeld,
  });
  // A raw request: the catalogue's number item is no item type yet.
  const numberKey = catalogKeys.number(rental.countryId, rental.typeId, rental.numberId);
  const holder = { ':holder': new Set([activeRentalRef(rental)]) };
  if (rental.typeId === NumberType.Private) {
    // Back in the picker's list at once; listed again once its rest is over (the list filters on
    // availableAt; a number retired meanwhile stays out, as the list also filters on retiredAt).
    return [
      lock,
      {
        Update: {
          TableName: tableName(),
          Key: numberKey,
          UpdateExpression: 'SET #status = :available, availableAt = :reusable, pickerList = :list DELETE activeRentals :holder',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':available': 'available',
            ':reusable': reusableAt,
            ':list': catalogKeys.pickerList(rental.countryId, rental.typeId),
            ...holder,
          },
        },
      },
    ];
  }
  // No longer among its holders (the operators' inventory); held for its service while it rests, or
  // free for it at once. Unconditioned: a rental from before the set (not in it) still ends; its
  // number exists, as the purchase's condition on it held.
  return [
    lock,
    {
      Update: {
        TableName: tableName(),
        Key: numberKey,
        UpdateExpression: rest ? 'SET #held = :reusable DELETE activeRentals :holder' : 'REMOVE #held DELETE activeRentals :holder',
        ExpressionAttributeNames: { '#held': catalogKeys.heldAttribute(rental.serviceId!) },
        ExpressionAttributeValues: { ...holder, ...(rest ? { ':reusable': reusableAt } : {}) },
      },
    },
  ];
}

/**
 * Lets go of a reported number and blocks it for the rental's service, for good: the lock keeps
 * `blockedAt` (which `lockTake` refuses) and the number item stays held for the service, so the
 * picker, the counts and the developer API's sample leave it out, while other services sell it.
 * Shared and Temporary only (a report is of one service's activation). The lock's part (`notHeld`
 * when the rental holds it no longer), then the catalogue's number item.
 */
export function lockBlock(rental: RentalItem, now: Date, reason: ReportReason, notHeld: () => Error): [TransactPart, TransactPart] {
  const lock = txUpdate(numberLockItem, lockOf(rental), {
    set: { blockedAt: now.toISOString(), blockedReason: reason, blockedRentalId: rental.id },
    remove: ['activeRentalId', 'activeSub', 'reusableAt'],
    when: { activeRentalId: { equals: rental.id } },
    onConditionFailed: notHeld,
  });
  // A raw request: the catalogue's number item is no item type yet.
  const number: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: catalogKeys.number(rental.countryId, rental.typeId, rental.numberId),
      UpdateExpression: 'SET #held = :blocked DELETE activeRentals :holder',
      ExpressionAttributeNames: { '#held': catalogKeys.heldAttribute(rental.serviceId!) },
      ExpressionAttributeValues: { ':blocked': catalogKeys.heldForGood, ':holder': new Set([activeRentalRef(rental)]) },
    },
  };
  return [lock, requestPart(number, notHeld)];
}
