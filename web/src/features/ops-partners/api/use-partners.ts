import type { GrantPartnerRequest, OpsPartnerReply, OpsPartnersReply, RevokedPartnerReply } from '@numbernest/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const partnersPath = '/ops/partners';

/** GET /ops/partners: every partner, oldest first, with how many agents each has; granting and revoking read it again. */
export function usePartners() {
  const swr = useSWR<OpsPartnersReply>(partnersPath, swrFetcher);
  const { mutate } = swr;
  const grant = useCallback(
    async (body: GrantPartnerRequest) => {
      const reply = await apiRequest<OpsPartnerReply>(partnersPath, { method: 'POST', body });
      await mutate();
      return reply;
    },
    [mutate],
  );
  const revoke = useCallback(
    async (sub: string) => {
      const reply = await apiRequest<RevokedPartnerReply>(`${partnersPath}/${encodeURIComponent(sub)}`, { method: 'DELETE' });
      await mutate();
      return reply;
    },
    [mutate],
  );
  return { ...swr, grant, revoke };
}
