import { adjustmentRequestSchema, opsUserParamsSchema, type AdjustmentReply } from '@numbernest/contracts/ops';
import { adjustBalance } from '@numbernest/core/operations';
import { toOpsLedgerEntry } from '@numbernest/core/money';
import { toCents, toDollars } from '@numbernest/core/pricing';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/users/{sub}/adjustments { amount (signed), reason (internal), customer_text } + Idempotency-Key -> the new balance and the entry. */
export const handler = opsHandler(
  { params: opsUserParamsSchema, body: adjustmentRequestSchema },
  async ({ params, body, event, operator }): Promise<AdjustmentReply> => {
    const idempotencyKey = idempotencyKeyOf(event);
    const { entry, balanceCents } = await adjustBalance({
      sub: params.sub,
      amountCents: toCents(body.amount),
      reason: body.reason,
      customerText: body.customer_text,
      operator,
      idempotencyKey,
    });
    return { message: 'success', data: { balance: toDollars(balanceCents), entry: toOpsLedgerEntry(entry) } };
  },
);
