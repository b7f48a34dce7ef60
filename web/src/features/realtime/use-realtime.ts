import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { storageKeys } from '../../lib/storage';
import { applyPushEvent, refreshAfterGap, type SwrTarget } from './apply-push';
import { createRealtimeClient, socketBaseUrl, type SocketFactory } from './realtime-client';

export interface UseRealtimeOptions {
  /** Tests: a fake socket. */
  connect?: SocketFactory;
  url?: string;
}

/**
 * The tab's one push socket while someone is signed in (`userId`; null = none): mounted once, in the
 * signed-in shell. Pushed events update the SWR caches (balance, notifications, rentals, messages),
 * fire the `numbernest:message` / `numbernest:rental` DOM events and play the ringtone for a new SMS.
 * A new user reconnects; signing out closes it. The polls stay as they are: the fallback while it is down.
 */
export function useRealtime(userId: string | null, options: UseRealtimeOptions = {}): void {
  const { mutate, cache } = useSWRConfig();
  const target = useRef<SwrTarget>({ mutate, cache });
  target.current = { mutate, cache };
  const { connect, url } = options;

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
      connect,
    });
    client.start();
    return () => client.stop();
  }, [userId, connect, url]);
}
