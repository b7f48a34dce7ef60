import type { WhatsAppReply } from '@numbernest/contracts/whatsapp';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { whatsappPath } from './use-whatsapp';
import { useKeepWhatsAppReply } from './whatsapp-cache';

/** DELETE /user/whatsapp: the verified number (and a code waiting) goes; forwarding to it stops. */
export function useRemoveWhatsApp() {
  const keep = useKeepWhatsAppReply();
  return useCallback(async () => keep(await apiRequest<WhatsAppReply>(whatsappPath, { method: 'DELETE' }), { numberChanged: true }), [keep]);
}
