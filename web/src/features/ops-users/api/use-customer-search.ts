import useSWRInfinite from 'swr/infinite';
import type { CustomerSearchKind, OpsCustomerSearchReply } from '@numbernest/contracts/ops';
import { swrFetcher, type ApiError } from '@/lib/api-client';

/**
 * GET /ops/users/search?by=&q=: the matches of every page read so far (null: nothing asked). An e-mail
 * search reads the table a slice a page, so a page may add nothing and still have a next one.
 */
export function useCustomerSearch(asked: { by: CustomerSearchKind; q: string } | null) {
  const swr = useSWRInfinite<OpsCustomerSearchReply, ApiError>(
    (index, previous: OpsCustomerSearchReply | null) => {
      if (!asked || (previous && previous.next_cursor === null)) return null;
      const query = new URLSearchParams({ by: asked.by, q: asked.q, ...(previous?.next_cursor ? { cursor: previous.next_cursor } : {}) });
      return `/ops/users/search?${query}`;
    },
    swrFetcher,
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateFirstPage: false },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    matches: pages.flatMap((page) => page.data),
    hasMore: pages.length > 0 && pages.at(-1)!.next_cursor !== null,
    loadMore: () => swr.setSize(swr.size + 1),
  };
}
