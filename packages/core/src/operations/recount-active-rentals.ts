import type { OperatorRef, Overview } from '@numbernest/contracts/ops';
import { getItem, queryAll, tableName, transactWrite } from '../shared/db';
import { auditPut } from '../accounts';
import type { RentalItem } from '../rentals';
import { rentalQueue } from '../rentals';
import { gaugeAttribute, statsKeys } from '../stats';

type ActiveRentals = Overview['active_rentals'];

const gaugeOf = (item: Record<string, unknown> | undefined): ActiveRentals => ({
  shared: Number(item?.shared ?? 0),
  private: Number(item?.private ?? 0),
  temporary: Number(item?.temporary ?? 0),
});

/**
 * Sets the active-rentals gauge to the truth: every active rental is in the rental job's queue
 * (index `dueByTime`, `dueQueue = RENTALS`, one Query; an ended rental leaves it), counted by type.
 * For a gauge that drifted (a counter write lost after its rental's commit) or that started after
 * rentals existed. A rental starting or ending during the count may be off by one until the next
 * recount. One transaction: the gauge and the operator's audit entry.
 */
export async function recountActiveRentals(operator: OperatorRef): Promise<{ before: ActiveRentals; after: ActiveRentals }> {
  const [active, current] = await Promise.all([
    queryAll<Pick<RentalItem, 'typeId' | 'status'>>({
      IndexName: 'dueByTime',
      KeyConditionExpression: 'dueQueue = :queue',
      ExpressionAttributeValues: { ':queue': rentalQueue },
      ProjectionExpression: 'typeId, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }),
    getItem<Record<string, unknown>>(statsKeys.activeRentals),
  ]);
  const after: ActiveRentals = { shared: 0, private: 0, temporary: 0 };
  for (const rental of active) {
    const name = gaugeAttribute[rental.typeId];
    if (rental.status === 'active' && name) after[name]++;
  }
  const before = gaugeOf(current);
  await transactWrite([
    {
      Update: {
        TableName: tableName(),
        Key: statsKeys.activeRentals,
        UpdateExpression: 'SET #shared = :shared, #private = :private, #temporary = :temporary',
        ExpressionAttributeNames: { '#shared': 'shared', '#private': 'private', '#temporary': 'temporary' },
        ExpressionAttributeValues: { ':shared': after.shared, ':private': after.private, ':temporary': after.temporary },
      },
    },
    auditPut({ operator, action: 'overview.recount-active-rentals', target: { type: 'stats', id: 'active-rentals' }, before, after }),
  ]);
  return { before, after };
}
