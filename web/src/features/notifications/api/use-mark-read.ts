import type { StatusReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /user/notification/read { id }. On status 'success' the list is refetched from page 0;
 * a failure is only logged.
 */
export function useMarkRead(reload: () => Promise<unknown>) {
  return useCallback(
    async (id: string) => {
      try {
        const reply = await apiRequest<StatusReply>('/user/notification/read', { body: { id } });
        if (reply.status === 'success') await reload();
      } catch (error) {
        console.error('Notification could not be marked as read', error);
      }
    },
    [reload],
  );
}
