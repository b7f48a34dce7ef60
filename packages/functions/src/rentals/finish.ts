import { rentalParamsSchema, type RentalReply } from '@numbernest/contracts';
import { finishActivationOf, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/rentals/{id}/finish: done with an activation that got its code (the protocol's setStatus 6); no refund. */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema }, async ({ claims, params }): Promise<RentalReply> => {
  const user = await getUser(callerOf(claims));
  return { message: 'success', data: toRental(await finishActivationOf(user.sub, params.id)) };
});
