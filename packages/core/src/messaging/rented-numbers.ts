import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, tableName, withoutKeys } from '../shared/db';
import type { RentalItem } from '../rentals';
import { rentalKeys } from '../rentals';

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
  const locks: Array<{ activeRentalId: string; activeSub: string }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :lock) AND attribute_exists(activeRentalId)',
        ExpressionAttributeValues: { ':lock': 'NUMBER_LOCK#' },
        ProjectionExpression: 'activeRentalId, activeSub',
        ExclusiveStartKey,
      }),
    );
    locks.push(...((page.Items ?? []) as typeof locks));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const rentals = await batchGetAll<RentalItem & { pk: string; sk: string }>(locks.map((lock) => rentalKeys.item(lock.activeSub, lock.activeRentalId)));
  return rentals
    .map((item) => withoutKeys(item))
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
