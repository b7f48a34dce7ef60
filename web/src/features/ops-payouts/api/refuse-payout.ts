import type { OpsPayoutReply, RefusePayoutRequest } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/payouts/{id}/refuse {reason}: the amount goes back to the partner's balance; the reason is shown to them. */
export const refusePayout = (id: string, body: RefusePayoutRequest) =>
  apiRequest<OpsPayoutReply>(`/ops/payouts/${encodeURIComponent(id)}/refuse`, { method: 'POST', body });
