import { useCallback, useRef } from 'react';
import useSWR from 'swr';
import type { TopUpReply } from '@numbernest/contracts';
import { ApiError, swrFetcher } from '@/lib/api-client';

/** The return page asks every 1.5 s… */
export const topUpPollMs = 1500;
/** …for about a minute; after that it says the payment is still processing. */
export const topUpPatienceMs = 60_000;

export const topUpPath = (id: string) => `/user/top-ups/${encodeURIComponent(id)}`;

/** Asking again cannot change these answers: not this user's top-up (404) or not allowed. */
const isFinal = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

/**
 * GET /user/top-ups/{id}, polled while the top-up is pending and `poll` is true. A failed request
 * (network, 5xx) is retried at the same pace; a 404 is final. A push can refresh it with
 * `mutate(topUpPath(id))`.
 */
export function useTopUp(id: string | null, { poll }: { poll: boolean }) {
  const polling = useRef(poll);
  polling.current = poll;
  // No answer yet counts as pending: SWR asks for the interval before the first reply too.
  const refreshInterval = useCallback((latest?: TopUpReply) => (poll && (!latest || latest.data.status === 'pending') ? topUpPollMs : 0), [poll]);
  return useSWR<TopUpReply, ApiError>(id ? topUpPath(id) : null, swrFetcher, {
    refreshInterval,
    // Each poll is a fresh request (the default 2 s de-duplication would swallow every other one).
    dedupingInterval: topUpPollMs / 2,
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => polling.current && !isFinal(error),
    onErrorRetry: (_error, _key, _config, revalidate, options) => {
      setTimeout(() => {
        if (polling.current) void revalidate(options);
      }, topUpPollMs);
    },
  });
}
