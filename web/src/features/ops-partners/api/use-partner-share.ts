import type { PartnerShareReply, PutPartnerShareRequest } from '@numbernest/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiRequest, swrFetcher } from '@/lib/api-client';

export const partnerSharePath = '/ops/partner-share';

/** `any` in a rule's path: the rule covers every country (or every service). */
const target = (id: number | null) => (id === null ? 'any' : String(id));

/**
 * GET /ops/partner-share: the partners' default share and the rules per country and service. Setting
 * the default or a rule (PUT) and removing a rule (DELETE) answer the rules as stored after it, which
 * become the list at once.
 */
export function usePartnerShare() {
  const swr = useSWR<PartnerShareReply>(partnerSharePath, swrFetcher);
  const { mutate } = swr;
  const save = useCallback(
    async (body: PutPartnerShareRequest) => {
      const reply = await apiRequest<PartnerShareReply>(partnerSharePath, { method: 'PUT', body });
      await mutate(reply, { revalidate: false });
      return reply;
    },
    [mutate],
  );
  const remove = useCallback(
    async (countryId: number | null, serviceId: number | null) => {
      const reply = await apiRequest<PartnerShareReply>(`${partnerSharePath}/rules/${target(countryId)}/${target(serviceId)}`, { method: 'DELETE' });
      await mutate(reply, { revalidate: false });
      return reply;
    },
    [mutate],
  );
  return { ...swr, save, remove };
}
