import { rentalsPerPage, rentalsQuerySchema, type RentalsReply } from '@numbernest/contracts';
import { listRentals, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/rentals?type=&service=&status=active|inactive&page= : the caller's rentals, newest first. */
export const handler = httpHandler({ auth: true, query: rentalsQuerySchema }, async ({ claims, query }): Promise<RentalsReply> => {
  const user = await getUser(callerOf(claims));
  const { rentals, more, page } = await listRentals(user.sub, query);
  return { message: 'success', data: { current_page: page, per_page: rentalsPerPage, data: rentals.map(toRental), next_page: more ? page + 1 : null } };
});
