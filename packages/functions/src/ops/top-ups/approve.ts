import { approveTopUpRequestSchema, opsTopUpIdParamsSchema, type OpsTopUpReply } from '@numbernest/contracts/ops';
import { approveTopUp, toOpsTopUp } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/**
 * POST /api/ops/top-ups/{id}/approve { reason? } -> credits what the provider paid, once. 409
 * TOP_UP_NOT_IN_REVIEW when it was decided meanwhile, TOP_UP_NOT_APPROVABLE when more than the amount differs.
 */
export const handler = opsHandler(
  { params: opsTopUpIdParamsSchema, body: approveTopUpRequestSchema },
  async ({ params, body, operator }): Promise<OpsTopUpReply> => ({ data: toOpsTopUp(await approveTopUp(params.id, operator, body.reason)) }),
);
