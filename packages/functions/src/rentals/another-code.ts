import { rentalParamsSchema, type RentalReply } from '@numbernest/contracts';
import { requestAnotherCodeOf, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/rentals/{id}/another-code: the activation's codes so far are spent; wait for a newer one (the protocol's setStatus 3). */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema }, async ({ claims, params }): Promise<RentalReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: toRental(await requestAnotherCodeOf(user.sub, params.id)) };
});
