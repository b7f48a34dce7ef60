import { rentalParamsSchema, type RentalReply } from '@numbernest/contracts';
import { getRentalOf, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** GET /api/user/rentals/{id}: the owner's rental (anyone else: 404). */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema }, async ({ claims, params }): Promise<RentalReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: toRental(await getRentalOf(user.sub, params.id)) };
});
