import { rentalParamsSchema, type RentalReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { closeRental, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/** POST /api/user/rentals/{id}/close: refunded in full when no message came, else closed without refund. */
export const handler = httpHandler({ auth: true, params: rentalParamsSchema }, async ({ claims, params }): Promise<RentalReply> => {
  const user = await getUser(callerOf(claims));
  const { rental, balanceCents } = await closeRental(user.sub, params.id);
  return { message: 'success', data: toRental(rental), ...(balanceCents === undefined ? {} : { balance: toDollars(balanceCents) }) };
});
