import type { WhatsAppReply } from '@numbernest/contracts/whatsapp';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api-client';

export const whatsappPath = '/user/whatsapp';

/** The account's verified WhatsApp number and a code waiting, if any (GET /user/whatsapp). */
export function useWhatsApp() {
  return useSWR<WhatsAppReply>(whatsappPath, swrFetcher);
}
