import { rentalsPerPage, type RentalsQuery } from '@numbernest/contracts';
import { readPage } from '../shared/db';
import { rentalItem, rentalPrefix } from '../shared/db/items/rentals';
import type { RentalItem } from './items';

/**
 * The first `count` of the user's rentals, newest first, that `keep` keeps. Each Query asks for what
 * is still missing (at least 25, so sparse filters do not crawl), as a Query's own filter would:
 * DynamoDB's Limit counts the items read before any filter, so the pages read are the same.
 */
async function firstRentals(sub: string, count: number, keep: (rental: RentalItem) => boolean): Promise<RentalItem[]> {
  const kept: RentalItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(rentalItem, { sub, id: '' }, Math.min(Math.max(count - kept.length, 25), 1000), cursor, {
      skPrefix: rentalPrefix,
      descending: true,
    });
    kept.push(...page.items.filter(keep));
    cursor = page.cursor;
  } while (cursor && kept.length < count);
  return kept.slice(0, count);
}

/** A page of the user's rentals, newest first, filtered by type, service and status (the client's filters). */
export async function listRentals(sub: string, query: RentalsQuery): Promise<{ rentals: RentalItem[]; more: boolean; page: number }> {
  const page = query.page ?? 0;
  const found = await firstRentals(
    sub,
    (page + 1) * rentalsPerPage + 1,
    (rental) =>
      (!query.type || rental.typeId === query.type) &&
      (!query.service || rental.serviceId === query.service) &&
      (!query.status || rental.status === query.status),
  );
  return {
    page,
    rentals: found.slice(page * rentalsPerPage, (page + 1) * rentalsPerPage),
    more: found.length > (page + 1) * rentalsPerPage,
  };
}
