import { extendRequestSchema, rentalParamsSchema, type RentalReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { extendRental, toRental } from '@numbernest/core/rentals';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/** POST /api/user/rentals/{id}/extend { rent_time_id } + Idempotency-Key: debited like a purchase; the end moves on. */
export const handler = httpHandler(
  { auth: true, params: rentalParamsSchema, body: extendRequestSchema },
  async ({ claims, params, body, event }): Promise<RentalReply> => {
    const idempotencyKey = idempotencyKeyOf(event);
    const user = await getVerifiedUser(callerOf(claims));
    const { rental, balanceCents } = await extendRental(user.sub, params.id, body.rent_time_id, idempotencyKey);
    return { message: 'success', data: toRental(rental), balance: toDollars(balanceCents) };
  },
);
