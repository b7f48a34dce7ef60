import { NumberType, type ReportReason } from '@numbernest/contracts';
import { catalogKeys } from '../catalogue';
import { txUpdate, type Change, type TransactPart } from '../shared/db';
import { numberItem, type StoredNumber } from '../shared/db/items/catalogue-numbers';
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
  const taken: Change<StoredNumber> =
    rental.typeId === NumberType.Private
      ? { set: { status: 'rented' }, remove: ['pickerList'] }
      : { named: { set: { [catalogKeys.heldAttribute(rental.serviceId!)]: catalogKeys.heldWhileRented } } };
  return txUpdate(numberItem, numberOf(rental), {
    ...taken,
    addToSet: { activeRentals: holderOf(rental) },
    when: { status: { equals: 'available' }, retiredAt: { absent: true } },
    onConditionFailed: numberTaken,
  });
}

/** The catalogue's number item of the rental's number. */
const numberOf = (rental: Pick<RentalItem, 'countryId' | 'typeId' | 'numberId'>) => ({
  countryId: rental.countryId,
  typeId: rental.typeId,
  numberId: rental.numberId,
});

/** The rental as its number's `activeRentals` set holds it. */
const holderOf = (rental: Pick<RentalItem, 'sub' | 'id'>) => new Set([activeRentalRef(rental)]);

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
  const reusableAt = new Date(now.getTime() + (rest ? reuseAfterMs : 0)).toISOString();
  const lock = txUpdate(numberLockItem, lockOf(rental), {
    ...(rest ? { set: { reusableAt }, remove: ['activeRentalId', 'activeSub'] } : { remove: ['activeRentalId', 'activeSub', 'reusableAt'] }),
    when: { activeRentalId: { equals: rental.id } },
    onConditionFailed: notHeld,
  });
  if (rental.typeId === NumberType.Private) {
    // Back in the picker's list at once; listed again once its rest is over (the list filters on
    // availableAt; a number retired meanwhile stays out, as the list also filters on retiredAt).
    // Unconditioned, as the purchase's condition on the number held.
    const number = txUpdate(numberItem, numberOf(rental), {
      set: { status: 'available', availableAt: reusableAt, pickerList: catalogKeys.pickerList(rental.countryId, rental.typeId) },
      removeFromSet: { activeRentals: holderOf(rental) },
      ifExists: false,
      onConditionFailed: notHeld,
    });
    return [lock, number];
  }
  // No longer among its holders (the operators' inventory); held for its service while it rests, or
  // free for it at once. Unconditioned: a rental from before the set (not in it) still ends; its
  // number exists, as the purchase's condition on it held.
  const held = catalogKeys.heldAttribute(rental.serviceId!);
  const number = txUpdate(numberItem, numberOf(rental), {
    named: rest ? { set: { [held]: reusableAt } } : { remove: [held] },
    removeFromSet: { activeRentals: holderOf(rental) },
    ifExists: false,
    onConditionFailed: notHeld,
  });
  return [lock, number];
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
  // Unconditioned, as the purchase's condition on the number held.
  const number = txUpdate(numberItem, numberOf(rental), {
    named: { set: { [catalogKeys.heldAttribute(rental.serviceId!)]: catalogKeys.heldForGood } },
    removeFromSet: { activeRentals: holderOf(rental) },
    ifExists: false,
    onConditionFailed: notHeld,
  });
  return [lock, number];
}
