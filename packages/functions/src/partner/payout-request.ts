import { requestPayoutRequestSchema, type RequestedPayoutReply } from '@numbernest/contracts';
import { requestPayout, toPayoutView } from '@numbernest/core/money';
import { toCents, toDollars } from '@numbernest/core/pricing';
import { idempotencyKeyOf } from '../lib/idempotency';
import { partnerHandler } from '../lib/partner';
import { withStatus } from '../lib/reply';

/**
 * POST /api/user/partner/payouts {amount, destination} + Idempotency-Key -> 201 the payout, its amount
 * already debited, and the balance after it (400 below $10 or over the balance, 409 one already open).
 */
export const handler = partnerHandler({ body: requestPayoutRequestSchema }, async ({ partner, body, event }) => {
  const idempotencyKey = idempotencyKeyOf(event);
  const { payout, balanceCents } = await requestPayout(partner, { amountCents: toCents(body.amount), destination: body.destination }, idempotencyKey);
  return withStatus<RequestedPayoutReply>(201, { data: toPayoutView(payout), balance: toDollars(balanceCents) });
});
