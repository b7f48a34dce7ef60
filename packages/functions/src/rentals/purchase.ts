import { purchaseRequestSchema, type RentalReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { purchaseRental, toRental } from '@numbernest/core/rentals';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/** POST /api/user/rentals + Idempotency-Key -> 201 { data: rental, balance }; 402 short of balance; 409 number taken. */
export const handler = httpHandler({ auth: true, body: purchaseRequestSchema }, async ({ claims, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const { rental, balanceCents } = await purchaseRental({ loadUser: () => getVerifiedUser(callerOf(claims)), request: body, idempotencyKey });
  return withStatus<RentalReply>(201, { message: 'success', data: toRental(rental), balance: toDollars(balanceCents) });
});
