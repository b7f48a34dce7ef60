import type { StatusReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';

/** DELETE /user: the account is closed for good; answers the server's status reply (or nothing on 204). */
export function useDeleteAccount() {
  return useCallback(() => apiRequest<StatusReply | null>('/user', { method: 'DELETE' }), []);
}
