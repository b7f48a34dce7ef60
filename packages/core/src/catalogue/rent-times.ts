import type { RentTime } from '@numbernest/contracts';
import { queryPartition } from '../shared/db';
import type { RentTimeItem } from './items';
import { keys } from './keys';
import { cachedReference } from './reference-cache';

/** Rent periods, shortest first. */
export async function listRentTimes(): Promise<RentTime[]> {
  const items = await cachedReference(keys.rentTimes, () => queryPartition<RentTimeItem>(keys.rentTimes));
  return items.sort((a, b) => a.days - b.days).map(({ id, name, days }) => ({ id, name, days }));
}
