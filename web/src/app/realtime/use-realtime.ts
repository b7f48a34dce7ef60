import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, apiRequest } from '@/lib/api-client';
import { storageKeys } from '@/lib/storage';
import { applyPushEvent, refreshAfterGap, type SwrTarget } from './apply-push';
import { createRealtimeClient, socketBaseUrl, type SocketFactory } from './realtime-client';

export interface UseRealtimeOptions {
  /** Tests: a fake socket. */
  connect?: SocketFactory;
  url?: string;
  /** Tests: the session check (default: `sessionStillStands`). */
  sessionAlive?: () => Promise<boolean>;
}

/**
 * Asked when the socket closes or is refused: does the session still stand? The API answers
 * GET /api/user with 401 once it has been revoked (logout everywhere, password change or reset,
 * account deleted), even after the token is refreshed; then the visitor is signed out and sent to
 * sign in, as when a session expires, and the socket is not tried again; so is a blocked account (403
 * ACCOUNT_BLOCKED, with its own notice). Anything else (offline,
 * a 5xx): it may still stand.
 */
export async function sessionStillStands(): Promise<boolean> {
  try {
    await apiRequest('/user');
    return true;
  } catch (error) {
    // A blocked account is signed out by the session keeper (onRefusal); it stands no more either.
    const blocked = error instanceof ApiError && error.status === 403 && error.body.code === 'ACCOUNT_BLOCKED';
    if (blocked) return false;
    if (!(error instanceof ApiError) || error.status !== 401) return true;
    const { endSession } = await import('@/lib/session/session-keeper');
    endSession();
    return false;
  }
}

/**
 * The tab's one push socket while someone is signed in (`userId`; null = none): mounted once, in the
 * signed-in shell. Pushed events update the SWR caches (balance, notifications, rentals, messages),
 * fire the `numbernest:message` / `numbernest:rental` DOM events and play the ringtone for a new SMS.
 * A new user reconnects; signing out closes it; a session revoked elsewhere signs out (no reconnecting). The polls stay as they are: the fallback while it is down.
 */
export function useRealtime(userId: string | null, options: UseRealtimeOptions = {}): void {
  const { mutate, cache } = useSWRConfig();
  const target = useRef<SwrTarget>({ mutate, cache });
  target.current = { mutate, cache };
  const { connect, url, sessionAlive = sessionStillStands } = options;

  useEffect(() => {
    if (!userId) return;
    const client = createRealtimeClient({
      url: url ?? socketBaseUrl(),
      token: () => localStorage.getItem(storageKeys.token),
      onEvent: (event) => {
        applyPushEvent(event, target.current).catch((error: unknown) => console.error('A push could not be applied', error));
      },
      onOpen: (reconnected) => {
        if (reconnected) refreshAfterGap(target.current);
      },
      sessionAlive,
      connect,
    });
    client.start();
    return () => client.stop();
  }, [userId, connect, url, sessionAlive]);
}
