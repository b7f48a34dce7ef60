import type { BlockReply, UnblockRequest } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/users/{sub}/unblock: the account's next sign-in works again. */
export const unblockUser = (sub: string, body: UnblockRequest) =>
  apiRequest<BlockReply>(`/ops/users/${encodeURIComponent(sub)}/unblock`, { method: 'POST', body });
