import type { RentTime } from '@numbernest/contracts';
import { readPartition } from '../shared/db';
import { rentTimeItem } from '../shared/db/items/catalogue';
import { keys } from './keys';
import { cachedReference } from './reference-cache';

/** Rent periods, shortest first. */
export async function listRentTimes(): Promise<RentTime[]> {
  const items = await cachedReference(keys.rentTimes, () => readPartition(rentTimeItem, { id: 0 }));
  return items.sort((a, b) => a.days - b.days).map(({ id, name, days }) => ({ id, name, days }));
}
