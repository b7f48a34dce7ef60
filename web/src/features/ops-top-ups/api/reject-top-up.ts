import type { OpsTopUpReply, RejectTopUpRequest } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/top-ups/{id}/reject: no money moves; the reason is kept (409 when another operator decided first). */
export const rejectTopUp = (id: string, body: RejectTopUpRequest) =>
  apiRequest<OpsTopUpReply>(`/ops/top-ups/${encodeURIComponent(id)}/reject`, { method: 'POST', body });
