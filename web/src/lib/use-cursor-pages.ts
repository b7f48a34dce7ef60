import useSWRInfinite from 'swr/infinite';
import { swrFetcher } from './api-client';

interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * A console list read a page at a time (`?cursor=`), for "Load more": `path` may carry its own
 * query (filters); null while it should not load. The items of every page loaded so far, in order.
 */
export function useCursorPages<T>(path: string | null, limit = 50) {
  const swr = useSWRInfinite<CursorPage<T>>((index, previous: CursorPage<T> | null) => {
    if (path === null || (previous && previous.next_cursor === null)) return null;
    const separator = path.includes('?') ? '&' : '?';
    const cursor = previous?.next_cursor ? `&cursor=${encodeURIComponent(previous.next_cursor)}` : '';
    return `${path}${separator}limit=${limit}${cursor}`;
  }, swrFetcher);
  const pages = swr.data ?? [];
  return {
    ...swr,
    items: pages.flatMap((page) => page.data),
    hasMore: pages.length > 0 && pages.at(-1)!.next_cursor !== null,
    loadMore: () => swr.setSize(swr.size + 1),
  };
}
