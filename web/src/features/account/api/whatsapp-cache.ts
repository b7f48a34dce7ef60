import type { WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { forwardingPath } from './use-forwarding';
import { whatsappPath } from './use-whatsapp';

/**
 * Puts a WhatsApp reply in the cache; when the verified number changed, the forwarding settings are
 * fetched again too, since their WhatsApp switch is only usable with a verified number.
 */
export function useKeepWhatsAppReply() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (reply: WhatsAppReply, { numberChanged = false } = {}) => {
      await mutate(whatsappPath, reply, { revalidate: false });
      if (numberChanged) await mutate(forwardingPath);
      return reply;
    },
    [mutate],
  );
}
