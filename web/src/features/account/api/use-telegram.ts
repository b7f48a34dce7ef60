import { useCallback, useState } from 'react';
import type { TelegramLink, TelegramLinkReply } from '@numbernest/contracts/telegram';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const telegramLinkPath = '/user/telegram/link';
/** The forwarding settings carry whether a chat is linked (`telegram_linked`). */
export const forwardingPath = '/user/forwarding';

interface ForwardingState {
  data: { telegram_linked: boolean };
}

/**
 * Account setting -> Telegram: whether a chat is linked, Connect (a one-time t.me link) and
 * Disconnect. While a code is out the state is asked again every 3 s, so the panel turns to
 * "connected" once Start is pressed in Telegram.
 */
export function useTelegram() {
  const [link, setLink] = useState<TelegramLink | null>(null);
  const waiting = link !== null && Date.parse(link.expires_at) > Date.now();
  const swr = useSWR<ForwardingState>(forwardingPath, swrFetcher, { refreshInterval: (latest) => (waiting && !latest?.data.telegram_linked ? 3000 : 0) });
  const { mutate } = swr;
  const linked = swr.data?.data.telegram_linked ?? false;

  const connect = useCallback(async (): Promise<TelegramLink> => {
    const reply = await apiRequest<TelegramLinkReply>(telegramLinkPath, { method: 'POST' });
    setLink(reply.data);
    return reply.data;
  }, []);
  const disconnect = useCallback(async () => {
    await apiRequest(telegramLinkPath, { method: 'DELETE' });
    setLink(null);
    await mutate();
  }, [mutate]);
  return { ...swr, linked, link: linked ? null : link, connect, disconnect };
}
