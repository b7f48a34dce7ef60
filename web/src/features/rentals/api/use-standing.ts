import useSWR from 'swr';
import type { StandingReply } from '@numbernest/contracts';
import { swrFetcher, type ApiError } from '@/lib/api-client';

/** Asked again after every purchase and end (use-rental-changed, the push of a rental). */
export const standingPath = '/user/standing';

/** GET /user/standing: the caller's standing (tier, recent outcomes, numbers held of the limit). */
export function useStanding(enabled = true) {
  return useSWR<StandingReply, ApiError>(enabled ? standingPath : null, swrFetcher);
}
