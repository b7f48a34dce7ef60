import type { StatusReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiRequest } from '@/lib/api-client';
import { isLoggedIn } from '@/lib/auth-state';

/**
 * POST /user/notification/read/all, only when signed in. Success: a toast with the
 * server's message and the list from page 0; failure: only logged.
 */
export function useMarkAllRead(reload: () => Promise<unknown>) {
  const toast = useToast();
  return useCallback(async () => {
    if (!isLoggedIn()) return;
    try {
      const reply = await apiRequest<StatusReply>('/user/notification/read/all', { method: 'POST' });
      if (reply.status !== 'success') return;
      toast.success(reply.message);
      await reload();
    } catch (error) {
      console.error('Notifications could not be marked as read', error);
    }
  }, [reload, toast]);
}
