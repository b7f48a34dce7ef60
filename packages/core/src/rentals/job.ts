import { readIndex, updateItem } from '../shared/db';
import { rentalItem } from '../shared/db/items/rentals';
import { log } from '../shared/log';
import { notify, wantsNotification } from '../notifications';
import { settingsOf, findUser } from '../accounts';
import { endRental } from './end';
import { findRental } from './find';
import type { RentalItem } from './items';
import { rentalQueue } from './keys';
import { dueReminder, nextDue } from './schedule';

export interface RentalJobReport {
  expired: number;
  refunded: number;
  reminded: number;
}

/**
 * The rental job (stacks/jobs.ts, every minute; locally the ticker): over the `dueByTime` index,
 * ends rentals whose time is up (a Temporary activation that got no SMS is refunded in full) and
 * sends the 24 h and 1 h reminders (Reminders setting). Each step is conditional on the state it
 * read, so a second run, or two at once, change nothing twice.
 */
export async function runRentalJob(now = Date.now()): Promise<RentalJobReport> {
  const report: RentalJobReport = { expired: 0, refunded: 0, reminded: 0 };
  const due = await readIndex(rentalItem, 'dueByTime', rentalQueue, { skTo: new Date(now).toISOString() });
  for (const listed of due) {
    // The index is eventually consistent: decide on the rental as it is now (extended, ended, a message since).
    const item = await findRental(listed.sub, listed.id);
    if (item?.status !== 'active') continue;
    if (Date.parse(item.expiresAt) <= now) {
      const ended = await endRental(item, { ended: 'expired' }, new Date(now));
      // Counted by the run that did it; a concurrent run replaying the refund did nothing.
      if (ended && !ended.replayed) report[ended.refunded ? 'refunded' : 'expired']++;
      continue;
    }
    const reminder = dueReminder(item, now);
    if (reminder && item.dueAt && Date.parse(item.dueAt) <= now && (await markReminded(item, reminder))) {
      report.reminded++;
      await remind(item, reminder);
    }
  }
  return report;
}

/** Records the reminder (and any earlier one it makes moot) and moves dueAt on; false when another run did. */
async function markReminded(rental: RentalItem, reminder: '24h' | '1h'): Promise<boolean> {
  const reminded: NonNullable<RentalItem['reminded']> = reminder === '1h' ? ['24h', '1h'] : ['24h'];
  const next = nextDue({ ...rental, reminded });
  const marked = await updateItem(
    rentalItem,
    { sub: rental.sub, id: rental.id },
    { set: { reminded, dueAt: next }, when: { status: { equals: 'active' }, dueAt: { equals: rental.dueAt! } } },
  );
  return marked !== undefined;
}

async function remind(rental: RentalItem, reminder: '24h' | '1h'): Promise<void> {
  const user = await findUser(rental.sub);
  if (!user || !settingsOf(user).reminders || !wantsNotification(user, 'rental_expiry')) return;
  const left = reminder === '24h' ? '24 hours' : '1 hour';
  await notify(rental.sub, {
    kind: 'rental',
    title: 'Your number expires soon',
    message: `${rental.e164}${rental.serviceName ? ` (${rental.serviceName})` : ''} expires in ${left}. Extend it to keep receiving messages.`,
    key: reminder === '24h' ? 'rentalExpires24h' : 'rentalExpires1h',
    params: { number: rental.e164, service: rental.serviceName ?? '' },
  }).catch((error: unknown) => log.error('Reminder failed', { rentalId: rental.id, error: String(error) }));
}
