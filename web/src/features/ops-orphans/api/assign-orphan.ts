import type { OrphanAssignRequest, OrphanReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/orphan-messages/{id}/assign: delivered to the rental's renter, once (409 if someone was first). */
export const assignOrphan = (id: string, body: OrphanAssignRequest) =>
  apiRequest<OrphanReply>(`/ops/orphan-messages/${encodeURIComponent(id)}/assign`, { method: 'POST', body });
