import { readItems } from '../shared/db';
import { statsCountersItem } from '../shared/db/items/stats';
import { countersAt, lastDays } from './keys';
import { dayAttributes } from './record';

/** Purchases of Temporary activations per `serviceId:countryId` over the last `days` UTC days. */
export async function temporaryPurchasesByPlace(days: number, now = new Date()): Promise<Map<string, number>> {
  const items = await readItems(statsCountersItem, lastDays(now, days).map(countersAt.day));
  const prefix = dayAttributes.temporaryN(0, 0).split(':')[0]!;
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (!name.startsWith(`${prefix}:`) || typeof value !== 'number') continue;
      const place = name.slice(prefix.length + 1);
      counts.set(place, (counts.get(place) ?? 0) + value);
    }
  }
  return counts;
}
