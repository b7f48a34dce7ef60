import { rentalsPerPage, type RentalsQuery } from '@numbernest/contracts';
import { queryAtMost, withoutKeys } from '../shared/db';
import { userPartition } from '../accounts';
import type { RentalItem } from './items';
import { rentalKeys } from './keys';

/** A page of the user's rentals, newest first, filtered by type, service and status (the client's filters). */
export async function listRentals(sub: string, query: RentalsQuery): Promise<{ rentals: RentalItem[]; more: boolean; page: number }> {
  const page = query.page ?? 0;
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': userPartition(sub), ':prefix': rentalKeys.prefix };
  if (query.type) {
    conditions.push('typeId = :type');
    values[':type'] = query.type;
  }
  if (query.service) {
    conditions.push('serviceId = :service');
    values[':service'] = query.service;
  }
  if (query.status) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  const found = await queryAtMost<RentalItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    (page + 1) * rentalsPerPage + 1,
    25,
  );
  return {
    page,
    rentals: found.slice(page * rentalsPerPage, (page + 1) * rentalsPerPage).map((item) => withoutKeys(item)),
    more: found.length > (page + 1) * rentalsPerPage,
  };
}
