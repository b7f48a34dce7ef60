import type { RentalItem } from './items';
import { reminderLeads } from './keys';

/**
 * When the rental job must next look at an active rental: the first reminder not yet sent whose
 * time has not passed by more than its lead (a 20-minute activation gets no "24 hours left"), else the end.
 */
export function nextDue(rental: Pick<RentalItem, 'startedAt' | 'expiresAt' | 'reminded'>): string {
  const ends = Date.parse(rental.expiresAt);
  const length = ends - Date.parse(rental.startedAt);
  for (const [name, lead] of reminderLeads) {
    if (rental.reminded?.includes(name) || length <= lead) continue;
    return new Date(ends - lead).toISOString();
  }
  return rental.expiresAt;
}

/** The reminder due now, if any (the job calls this for a rental whose dueAt has come). */
export function dueReminder(rental: Pick<RentalItem, 'startedAt' | 'expiresAt' | 'reminded'>, now: number): '24h' | '1h' | undefined {
  const ends = Date.parse(rental.expiresAt);
  const length = ends - Date.parse(rental.startedAt);
  if (now >= ends) return undefined;
  const due = reminderLeads.filter(([name, lead]) => !rental.reminded?.includes(name) && length > lead && now >= ends - lead);
  // Only the nearest one: a rental found 30 minutes before its end gets "1 hour left", not both.
  return due.at(-1)?.[0];
}
