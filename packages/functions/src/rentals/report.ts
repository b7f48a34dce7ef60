import { rentalParamsSchema, reportRequestSchema, type RentalReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { reportRental, toRental } from '@numbernest/core/rentals';
import { getUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';

/**
 * POST /api/user/rentals/{id}/report { reason }: a Temporary activation's number was not delivered
 * or is already used for the service; refunded in full, and the number is no longer sold for it.
 * Reporting again answers the reported rental and moves no money.
 */
export const handler = httpHandler(
  { auth: true, params: rentalParamsSchema, body: reportRequestSchema },
  async ({ claims, params, body }): Promise<RentalReply> => {
    const user = await getUser(callerOf(claims));
    const { rental, balanceCents } = await reportRental(user.sub, params.id, body.reason);
    return { message: 'success', data: toRental(rental), ...(balanceCents === undefined ? {} : { balance: toDollars(balanceCents) }) };
  },
);
