import type { ApprovePayoutRequest, OpsPayoutReply } from '@numbernest/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/payouts/{id}/approve {reference}: the money was sent; the partner is told, with the reference. */
export const approvePayout = (id: string, body: ApprovePayoutRequest) =>
  apiRequest<OpsPayoutReply>(`/ops/payouts/${encodeURIComponent(id)}/approve`, { method: 'POST', body });
