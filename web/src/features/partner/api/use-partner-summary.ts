import type { PartnerSummaryReply } from '@numbernest/contracts';
import useSWR from 'swr';
import { swrFetcher, type ApiError } from '@/lib/api-client';

export const partnerSummaryPath = '/user/partner';

/** GET /user/partner: since when the caller is a partner and how many agents they have; a 403 PARTNERS_ONLY for anyone else. */
export const usePartnerSummary = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useSWR<PartnerSummaryReply, ApiError>(enabled ? partnerSummaryPath : null, swrFetcher, { shouldRetryOnError: false });
