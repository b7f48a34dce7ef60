import type { OrphanDismissRequest, OrphanReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/orphan-messages/{id}/dismiss: set aside, delivered to nobody. */
export const dismissOrphan = (id: string, body: OrphanDismissRequest) =>
  apiRequest<OrphanReply>(`/ops/orphan-messages/${encodeURIComponent(id)}/dismiss`, { method: 'POST', body });
