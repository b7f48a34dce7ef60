import { holdDecisionRequestSchema, opsHoldParamsSchema, type OpsHoldDecisionReply } from '@numbernest/contracts/ops';
import { releaseHold, toOpsHoldDecisionReply } from '@numbernest/core/money';
import { opsHandler } from '../../lib/ops';

/**
 * POST /api/ops/holds/{sub}/decision { decision: release | keep, reason, events_seen } -> the decision, audited.
 * 404 HOLD_NOT_FOUND when the account is not on hold; 409 HOLD_CHANGED when its reversals are not the
 * `events_seen` the operator was shown (another came in, or another operator released it).
 */
export const handler = opsHandler(
  { params: opsHoldParamsSchema, body: holdDecisionRequestSchema },
  async ({ params, body, operator }): Promise<OpsHoldDecisionReply> => {
    const record = await releaseHold(params.sub, { operator, reason: body.reason, decision: body.decision, eventsSeen: body.events_seen });
    return { data: toOpsHoldDecisionReply(record) };
  },
);
