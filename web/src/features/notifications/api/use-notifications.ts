import type { Notification } from '@numbernest/contracts';
import { useCallback, useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { ApiError, swrFetcher } from '@/lib/api-client';
import { notificationPageKey, notificationPollMs, type NotificationsReply } from './notification-keys';

interface Options {
  /** Only for a signed-in user whose e-mail is verified. */
  enabled: boolean;
  /** A 401 on this fetch signs the person out. */
  onUnauthorized: () => void;
}

export interface NotificationsState {
  items: Notification[];
  unreadCount: number;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** Back to page 0 and fetch it again (after a read, on the poll, on a push later). */
  reload: () => Promise<unknown>;
  loadMore: () => void;
}

/**
 * The notification list, page by page (SWR infinite, so a push can later `mutate` it). Every 10 s
 * the list goes back to page 0 and refetches it: the poll resets paging, as the original client's did.
 */
export function useNotifications({ enabled, onUnauthorized }: Options): NotificationsState {
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  const { data, size, setSize, mutate, isLoading, isValidating } = useSWRInfinite<NotificationsReply>(
    (index, previous: NotificationsReply | null) => (enabled ? notificationPageKey(index, previous) : null),
    swrFetcher,
    {
      // Loading the next page fetches only that page; page 0 is refreshed by `reload`.
      revalidateFirstPage: false,
      onError(error) {
        if (error instanceof ApiError && error.status === 401) unauthorized.current();
        else console.error('Notifications could not be loaded', error);
      },
    },
  );

  // Drop the pages after the first, then fetch page 0 again.
  const reload = useCallback(async () => {
    await setSize(1);
    return mutate();
  }, [setSize, mutate]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void reload(), notificationPollMs);
    return () => clearInterval(timer);
  }, [enabled, reload]);

  const pages = data ?? [];
  const last = pages.at(-1)?.data;
  const hasMore = Boolean(last && last.data.length > 0 && last.next_page !== null);
  const loadingMore = isValidating && size > pages.length;

  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore) void setSize(pages.length + 1);
  }, [hasMore, loadingMore, pages.length, setSize]);

  return {
    items: pages.flatMap((page) => page.data.data),
    unreadCount: pages[0]?.data.unread_count ?? 0,
    loading: enabled && isLoading,
    loadingMore,
    hasMore,
    reload,
    loadMore,
  };
}
