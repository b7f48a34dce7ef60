import type { Overview } from '@numbernest/contracts/ops';
import { readItem, txUpdate, type TransactPart } from '../shared/db';
import { statsCountersItem } from '../shared/db/items/stats';
import { countersAt } from './keys';

export type ActiveRentals = Overview['active_rentals'];

/** The active-rentals gauge as counted (0 for a type never counted), for an operator's recount. */
export async function readActiveRentalsGauge(): Promise<ActiveRentals> {
  const gauge = await readItem(statsCountersItem, countersAt.activeRentals);
  return { shared: gauge?.shared ?? 0, private: gauge?.private ?? 0, temporary: gauge?.temporary ?? 0 };
}

/** Sets the gauge to these counts, in the transaction that records why (unconditioned: it never fails on its own). */
export const setActiveRentalsGauge = (counts: ActiveRentals): TransactPart =>
  txUpdate(statsCountersItem, countersAt.activeRentals, {
    set: { ...counts },
    ifExists: false,
    onConditionFailed: () => new Error('An unconditioned gauge write failed its condition'),
  });
