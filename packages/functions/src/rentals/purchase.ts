import { purchaseKindOf, purchaseRequestSchema, type RentalReply } from '@numbernest/contracts';
import { toDollars } from '@numbernest/core/pricing';
import { purchaseRental, toRental } from '@numbernest/core/rentals';
import { buyAnyNumber } from '@numbernest/core/supply';
import { getVerifiedUser } from '@numbernest/core/accounts';
import { callerOf } from '../auth/caller';
import { httpHandler, withStatus } from '../lib/http';
import { idempotencyKeyOf } from '../lib/idempotency';

/**
 * POST /api/user/rentals + Idempotency-Key -> 201 { data: rental, balance }; 402 short of balance; 409 number taken.
 * A Temporary body with `country_id` instead of a number buys any number of the service there (409 NO_NUMBERS when none is free).
 */
export const handler = httpHandler({ auth: true, body: purchaseRequestSchema }, async ({ claims, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const loadUser = () => getVerifiedUser(callerOf(claims));
  const kind = purchaseKindOf(body);
  const { rental, balanceCents } =
    'number' in kind
      ? await purchaseRental({ loadUser, request: kind.number, idempotencyKey })
      : await buyAnyNumber({ loadUser, countryId: kind.any.country_id, serviceId: kind.any.service_provider_id, idempotencyKey });
  return withStatus<RentalReply>(201, { message: 'success', data: toRental(rental), balance: toDollars(balanceCents) });
});
