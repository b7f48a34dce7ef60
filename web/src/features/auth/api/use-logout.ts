import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StatusReply } from '@numbernest/contracts';
import { useToast } from '@/components/toast/toast-context';
import { apiRequest } from '@/lib/api-client';
import { authState } from '@/lib/auth-state';
import i18n from '@/lib/i18n';
import { leaveFlash } from '@/lib/session/flash';

/** What the browser does last; tests swap it out (jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

let running: Promise<void> | null = null;

/**
 * Logout, for the header and the dashboard menus: POST /api/logout (global sign-out on the
 * server), then Amplify's global sign-out, auth state cleared, toast 'Logout Successfully', /logIn,
 * page reload. The local steps run even when the server cannot be reached. Amplify is loaded only
 * now, so the header can hold this hook without weighing on the landing route.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    running ??= (async () => {
      try {
        await apiRequest<StatusReply>('/logout', { method: 'POST' }).catch(() => undefined);
        authState.clear();
        // The reload drops the toast below; /logIn shows it again from here. Left first, because a
        // Google session's sign-out leaves for the hosted UI and comes back to /logIn.
        leaveFlash({ type: 'success', key: 'logout.done' }, { afterReload: true });
        await import('@/lib/session/cognito').then((cognito) => cognito.endCognitoSession()).catch(() => undefined);
        await i18n.loadNamespaces('auth');
        toast.success(i18n.t('auth:logout.done'));
        await navigate('/logIn', { replace: true });
        pageReload.reload();
      } finally {
        running = null;
      }
    })();
    return running;
  }, [navigate, toast]);
}
