import { NumberType } from '@numbernest/contracts';
import type { InventoryNumber, OperatorRef } from '@numbernest/contracts/ops';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { NumberItem } from '../../catalogue';
import { catalogKeys } from '../../catalogue';
import { cancellationReasons, db, tableName, transactWrite, withoutKeys } from '../../shared/db';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { auditPut } from '../../accounts';
import { inventoryNumberOf } from './list';
import { inventoryStatus } from './shape';

/** The number's live item by its public id (its facts item names the partition). */
async function liveNumber(numberId: number): Promise<NumberItem> {
  const facts = await db.send(new GetCommand({ TableName: tableName(), Key: catalogKeys.numberById(numberId) }));
  const f = facts.Item as Pick<NumberItem, 'countryId' | 'typeId'> | undefined;
  const item =
    f && (await db.send(new GetCommand({ TableName: tableName(), Key: catalogKeys.number(f.countryId, f.typeId, numberId), ConsistentRead: true }))).Item;
  if (!item) throw new NotFoundError('Number not found', 'NUMBER_NOT_FOUND');
  return withoutKeys(item as NumberItem & { pk: string; sk: string });
}

/**
 * The number item's update: retiring takes it out of the picker's list (index numberPicker) at once;
 * taking it back lists it again, unless it is a Private number someone rents now (its release lists
 * it). Conditioned on the status read, so a purchase or release in between makes it read again.
 */
function pickerChange(number: NumberItem, retire: boolean, now: Date, reason?: string) {
  if (retire)
    return {
      UpdateExpression: 'SET retiredAt = :now, retiredReason = :reason REMOVE pickerList',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(retiredAt)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':reason': reason ?? '' },
    };
  const listed = number.typeId !== NumberType.Private || number.status === 'available';
  return {
    UpdateExpression: listed ? 'SET pickerList = :list REMOVE retiredAt, retiredReason' : 'REMOVE retiredAt, retiredReason',
    ConditionExpression: 'attribute_exists(retiredAt) AND #status = :seen',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':seen': number.status, ...(listed ? { ':list': catalogKeys.pickerList(number.countryId, number.typeId) } : {}) },
  };
}

/**
 * Retires a number, or takes it back (`retire: false`): a retired number is never offered again
 * (the picker filters it out, a purchase's condition refuses it), while a running rental runs its
 * course. Nothing is deleted: its rentals and messages keep naming it. The change and its audit
 * entry (status before and after) are one transaction.
 */
export async function setRetired(operator: OperatorRef, numberId: number, retire: boolean, reason?: string, now = new Date()): Promise<InventoryNumber> {
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
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: catalogKeys.number(number.countryId, number.typeId, numberId),
          ...pickerChange(number, retire, now, reason),
        },
      },
      auditPut(
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
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed') return setRetired(operator, numberId, retire, reason, now);
    throw error;
  }
  return inventoryNumberOf(after, now);
}
