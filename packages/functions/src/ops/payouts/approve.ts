import { approvePayoutRequestSchema, payoutParamsSchema, type OpsPayoutReply } from '@numbernest/contracts';
import { approvePayout, toOpsPayoutView } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/payouts/{id}/approve {reference} -> the payout, paid (audited; 409 PAYOUT_DECIDED when it was decided already). */
export const handler = opsHandler(
  { params: payoutParamsSchema, body: approvePayoutRequestSchema },
  async ({ params, body, operator }): Promise<OpsPayoutReply> => ({
    data: toOpsPayoutView(await approvePayout(params.id, { operator, reference: body.reference })),
  }),
);
