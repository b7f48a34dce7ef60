import type { ApproveTopUpRequest, OpsTopUpReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/top-ups/{id}/approve: credits what the provider paid (409 when another operator decided first). */
export const approveTopUp = (id: string, body: ApproveTopUpRequest) =>
  apiRequest<OpsTopUpReply>(`/ops/top-ups/${encodeURIComponent(id)}/approve`, { method: 'POST', body });
