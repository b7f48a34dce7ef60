import type { WhatsAppReply, WhatsAppVerifyRequest } from '@numbernest/contracts/whatsapp';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { whatsappPath } from './use-whatsapp';
import { useKeepWhatsAppReply } from './whatsapp-cache';

/**
 * POST /user/whatsapp/verify {number}: a 6-digit code goes to the number by WhatsApp (a new one
 * replaces the last). Rejects with ApiError: 400 field errors, 429 WHATSAPP_CODE_LIMIT with Retry-After.
 */
export function useSendWhatsAppCode() {
  const keep = useKeepWhatsAppReply();
  return useCallback(
    async (number: string) => {
      const body: WhatsAppVerifyRequest = { number };
      return keep(await apiRequest<WhatsAppReply>(`${whatsappPath}/verify`, { method: 'POST', body }));
    },
    [keep],
  );
}
