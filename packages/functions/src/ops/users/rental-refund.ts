import { opsUserRentalParamsSchema, rentalRefundRequestSchema, type RentalRefundReply } from '@numbernest/contracts/ops';
import { refundRentalForCustomer, toOpsRental } from '@numbernest/core/operations';
import { toOpsLedgerEntry } from '@numbernest/core/money';
import { toCents, toDollars } from '@numbernest/core/pricing';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/users/{sub}/rentals/{id}/refund { amount?, reason } + Idempotency-Key -> part or all of an ended rental's price back. */
export const handler = opsHandler(
  { params: opsUserRentalParamsSchema, body: rentalRefundRequestSchema },
  async ({ params, body, event, operator }): Promise<RentalRefundReply> => {
    const idempotencyKey = idempotencyKeyOf(event);
    const { rental, entry, balanceCents } = await refundRentalForCustomer({
      sub: params.sub,
      rentalId: params.id,
      ...(body.amount === undefined ? {} : { amountCents: toCents(body.amount) }),
      reason: body.reason,
      operator,
      idempotencyKey,
    });
    return { message: 'success', data: { balance: toDollars(balanceCents), entry: toOpsLedgerEntry(entry), rental: toOpsRental(rental) } };
  },
);
