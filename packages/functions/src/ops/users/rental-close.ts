import { opsUserRentalParamsSchema, rentalCloseRequestSchema, type RentalCloseReply } from '@numbernest/contracts/ops';
import { closeRentalForCustomer, toOpsRental } from '@numbernest/core/operations';
import { toDollars } from '@numbernest/core/pricing';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/users/{sub}/rentals/{id}/close { reason, refund? } -> ended now, the number released; its price back only when asked. */
export const handler = opsHandler(
  { params: opsUserRentalParamsSchema, body: rentalCloseRequestSchema },
  async ({ params, body, operator }): Promise<RentalCloseReply> => {
    const { rental, refunded, balanceCents } = await closeRentalForCustomer(params.sub, params.id, {
      operator,
      reason: body.reason,
      refund: body.refund ?? false,
    });
    return { message: 'success', data: { rental: toOpsRental(rental), refunded, balance: balanceCents === undefined ? null : toDollars(balanceCents) } };
  },
);
