import type { HoldDecisionRequest, OpsHoldDecisionReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /ops/holds/{sub}/decision: release the hold or keep it, with a reason. `events_seen` is how many
 * reversals the operator was shown: 409 HOLD_CHANGED when the hold has others now (or was decided meanwhile).
 */
export const decideHold = (sub: string, body: HoldDecisionRequest) =>
  apiRequest<OpsHoldDecisionReply>(`/ops/holds/${encodeURIComponent(sub)}/decision`, { method: 'POST', body });
