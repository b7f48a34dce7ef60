import { useCallback, useState } from 'react';
import type { MessengerLinkReply, MessengerLinkView } from '@numbernest/contracts/messenger';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';
import { forwardingPath } from './use-forwarding';

export const messengerLinkPath = '/user/messenger/link';

interface ForwardingState {
  data: { messenger_linked: boolean };
}

/**
 * Account setting -> Messenger: whether a conversation is linked, and Link (a one-time m.me link,
 * the bot speaking `language`). While a link is out the state is asked again every 3 s, so the
 * panel turns to "linked" once the link is opened in Messenger.
 */
export function useMessenger() {
  const [link, setLink] = useState<MessengerLinkView | null>(null);
  const waiting = link !== null && Date.parse(link.expires_at) > Date.now();
  const swr = useSWR<ForwardingState>(forwardingPath, swrFetcher, {
    refreshInterval: (latest) => (waiting && !latest?.data.messenger_linked ? 3000 : 0),
  });
  const linked = swr.data?.data.messenger_linked ?? false;

  const createLink = useCallback(async (language: string): Promise<MessengerLinkView> => {
    const reply = await apiRequest<MessengerLinkReply>(messengerLinkPath, { method: 'POST', body: { language } });
    setLink(reply.data);
    return reply.data;
  }, []);
  const forgetLink = useCallback(() => setLink(null), []);
  return { ...swr, linked, link: linked ? null : link, createLink, forgetLink };
}
