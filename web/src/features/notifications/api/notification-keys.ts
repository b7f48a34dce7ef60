import type { NotificationPage } from '@numbernest/contracts';

/** GET /user/notifications?page=n answers `{ data: page }` (the original client's paged list). */
export interface NotificationsReply {
  data: NotificationPage;
}

/** The list is polled every 10 s: the fallback while push is down (docs/architecture.md#realtime-push). */
export const notificationPollMs = 10_000;

/**
 * The SWR infinite key of page `index` (pages start at 0). A push can refresh the open list with
 * `mutate(unstable_serialize(notificationPageKey))` (swr/infinite), the balance with `mutate(balancePath)`. An empty page, or a page that says
 * there is none after it, ends the list (an empty array stops further loading).
 */
export function notificationPageKey(index: number, previous: NotificationsReply | null): string | null {
  if (previous && (previous.data.data.length === 0 || previous.data.next_page === null)) return null;
  return `/user/notifications?page=${index}`;
}
