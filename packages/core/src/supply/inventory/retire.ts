import { NumberType } from '@numbernest/contracts';
import type { InventoryNumber, OperatorRef } from '@numbernest/contracts/ops';
import type { NumberItem } from '../../catalogue';
import { catalogKeys } from '../../catalogue';
import { readItem, retryOnConflict, transact, txUpdate, type Change } from '../../shared/db';
import { numberFactsItem } from '../../shared/db/items/catalogue-number-facts';
import { numberItem, type StoredNumber } from '../../shared/db/items/catalogue-numbers';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { auditPart } from '../../accounts';
import { inventoryNumberOf } from './list';
import { inventoryStatus } from './shape';

/** The number's live item by its public id (its facts item names the partition). */
async function liveNumber(numberId: number): Promise<NumberItem> {
  const facts = await readItem(numberFactsItem, { numberId });
  const item = facts && (await readItem(numberItem, { countryId: facts.countryId, typeId: facts.typeId, numberId }, { consistent: true }));
  if (!item) throw new NotFoundError('Number not found', 'NUMBER_NOT_FOUND');
  return item;
}

/** The number changed between its read and the write: read it again. */
class NumberMoved extends Error {}

/**
 * The number item's update: retiring takes it out of the picker's list (index numberPicker) at once;
 * taking it back lists it again, unless it is a Private number someone rents now (its release lists
 * it). Conditioned on the status read, so a purchase or release in between makes it read again.
 */
function pickerChange(number: NumberItem, retire: boolean, now: Date, reason?: string): Change<StoredNumber> {
  if (retire) return { set: { retiredAt: now.toISOString(), retiredReason: reason ?? '' }, remove: ['pickerList'], when: { retiredAt: { absent: true } } };
  const listed = number.typeId !== NumberType.Private || number.status === 'available';
  return {
    ...(listed ? { set: { pickerList: catalogKeys.pickerList(number.countryId, number.typeId) } } : {}),
    remove: ['retiredAt', 'retiredReason'],
    when: { retiredAt: { exists: true }, status: { equals: number.status } },
    ifExists: false,
  };
}

/**
 * Retires a number, or takes it back (`retire: false`): a retired number is never offered again
 * (the picker filters it out, a purchase's condition refuses it), while a running rental runs its
 * course. Nothing is deleted: its rentals and messages keep naming it. The change and its audit
 * entry (status before and after) are one transaction.
 */
export async function setRetired(operator: OperatorRef, numberId: number, retire: boolean, reason?: string, now = new Date()): Promise<InventoryNumber> {
  // A purchase or release in between moves the status: read again, a few times at most.
  return retryOnConflict(() => setRetiredOnce(operator, numberId, retire, reason, now), {
    attempts: 5,
    retryOn: (error) => error instanceof NumberMoved,
    exhausted: () => {
      throw new ConflictError('This number changed meanwhile; try again', 'CONCURRENT_CHANGE');
    },
  });
}

async function setRetiredOnce(operator: OperatorRef, numberId: number, retire: boolean, reason: string | undefined, now: Date): Promise<InventoryNumber> {
  const number = await liveNumber(numberId);
  if (retire === Boolean(number.retiredAt)) {
    throw retire
      ? new ConflictError('This number is already retired', 'NUMBER_ALREADY_RETIRED')
      : new ConflictError('This number is not retired', 'NUMBER_NOT_RETIRED');
  }
  const after: NumberItem = retire ? { ...number, retiredAt: now.toISOString(), ...(reason ? { retiredReason: reason } : {}) } : { ...number };
  if (!retire) {
    delete after.retiredAt;
    delete after.retiredReason;
  }
  await transact([
    txUpdate(numberItem, number, { ...pickerChange(number, retire, now, reason), onConditionFailed: () => new NumberMoved() }),
    auditPart(
      {
        operator,
        action: retire ? 'numbers.retire' : 'numbers.unretire',
        target: { type: 'number', id: String(numberId) },
        before: { e164: number.e164, status: inventoryStatus(number, now) },
        after: { e164: number.e164, status: inventoryStatus(after, now) },
        ...(reason ? { reason } : {}),
      },
      now,
    ),
  ]);
  return inventoryNumberOf(after, now);
}
