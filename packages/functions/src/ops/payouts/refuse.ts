import { payoutParamsSchema, refusePayoutRequestSchema, type OpsPayoutReply } from '@numbernest/contracts';
import { refusePayout, toOpsPayoutView } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/payouts/{id}/refuse {reason} -> the payout, refused and its amount credited back once (audited; 409 PAYOUT_DECIDED when decided already). */
export const handler = opsHandler(
  { params: payoutParamsSchema, body: refusePayoutRequestSchema },
  async ({ params, body, operator }): Promise<OpsPayoutReply> => ({
    data: toOpsPayoutView(await refusePayout(params.id, { operator, reason: body.reason })),
  }),
);
