import type { BlockReply, BlockRequest } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/users/{sub}/block: every user route refuses the account, its sessions end, its balance stays. */
export const blockUser = (sub: string, body: BlockRequest) => apiRequest<BlockReply>(`/ops/users/${encodeURIComponent(sub)}/block`, { method: 'POST', body });
