import type { OperatorRef } from '@numbernest/contracts/ops';
import { readIndex, transact } from '../shared/db';
import { rentalCountedItem } from '../shared/db/items/rentals-counted';
import { auditPart } from '../accounts';
import { rentalQueue } from '../rentals';
import { gaugeAttribute, readActiveRentalsGauge, setActiveRentalsGauge, type ActiveRentals } from '../stats';

/**
 * Sets the active-rentals gauge to the truth: every active rental is in the rental job's queue
 * (index `dueByTime`, `dueQueue = RENTALS`, one Query; an ended rental leaves it), counted by type.
 * For a gauge that drifted (a counter write lost after its rental's commit) or that started after
 * rentals existed. A rental starting or ending during the count may be off by one until the next
 * recount. One transaction: the gauge and the operator's audit entry.
 */
export async function recountActiveRentals(operator: OperatorRef): Promise<{ before: ActiveRentals; after: ActiveRentals }> {
  const [active, before] = await Promise.all([readIndex(rentalCountedItem, 'dueByTime', rentalQueue, { schemaOnly: true }), readActiveRentalsGauge()]);
  const after: ActiveRentals = { shared: 0, private: 0, temporary: 0 };
  for (const rental of active) {
    const name = gaugeAttribute[rental.typeId];
    if (rental.status === 'active' && name) after[name]++;
  }
  await transact([
    setActiveRentalsGauge(after),
    auditPart({ operator, action: 'overview.recount-active-rentals', target: { type: 'stats', id: 'active-rentals' }, before, after }),
  ]);
  return { before, after };
}
