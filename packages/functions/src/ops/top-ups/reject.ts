import { opsTopUpIdParamsSchema, rejectTopUpRequestSchema, type OpsTopUpReply } from '@numbernest/contracts/ops';
import { rejectTopUp, toOpsTopUp } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/top-ups/{id}/reject { reason } -> the top-up is rejected, no money moves; 409 TOP_UP_NOT_IN_REVIEW when decided meanwhile. */
export const handler = opsHandler(
  { params: opsTopUpIdParamsSchema, body: rejectTopUpRequestSchema },
  async ({ params, body, operator }): Promise<OpsTopUpReply> => ({ data: toOpsTopUp(await rejectTopUp(params.id, operator, body.reason)) }),
);
