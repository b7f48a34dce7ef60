import { useCallback } from 'react';
import type { MessengerUnlinkReply } from '@numbernest/contracts/messenger';
import { useSWRConfig } from 'swr';
import { apiRequest } from '@/lib/api-client';
import { forwardingPath } from './use-forwarding';
import { messengerLinkPath } from './use-messenger';

/** DELETE /user/messenger/link: the conversation is unlinked and forwarding to it stops; the forwarding settings are read again. */
export function useUnlinkMessenger() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await apiRequest<MessengerUnlinkReply>(messengerLinkPath, { method: 'DELETE' });
    await mutate(forwardingPath);
  }, [mutate]);
}
