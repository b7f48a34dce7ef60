import type { WhatsAppConfirmRequest, WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { whatsappPath } from './use-whatsapp';
import { useKeepWhatsAppReply } from './whatsapp-cache';

/**
 * POST /user/whatsapp/confirm {code}: the right code makes its number the account's. Rejects with
 * ApiError: WHATSAPP_CODE_WRONG (params.attempts_left), _EXPIRED, _USED_UP, WHATSAPP_NO_CODE.
 */
export function useConfirmWhatsAppCode() {
  const keep = useKeepWhatsAppReply();
  return useCallback(
    async (code: string) => {
      const body: WhatsAppConfirmRequest = { code };
      return keep(await apiRequest<WhatsAppReply>(`${whatsappPath}/confirm`, { method: 'POST', body }), { numberChanged: true });
    },
    [keep],
  );
}
