import { notificationsPerPage, type Notification, type NotificationPage } from '@numbernest/contracts';
import { readPartition } from '../../shared/db';
import { notificationItem, notificationPrefix } from '../../shared/db/items/notifications';
import type { UserItem } from '../../accounts';
import type { NotificationItem } from './items';

export const toNotification = (n: NotificationItem): Notification => ({
  id: n.id,
  read_at: n.readAt ?? null,
  created_at: n.createdAt,
  data: { title: n.title, message: n.message, ...(n.kind ? { kind: n.kind } : {}), ...(n.key ? { key: n.key, params: n.params ?? {} } : {}) },
});

/** Up to `count` of a user's notifications, newest first (a Query backwards over the sort key). */
const newestNotifications = (sub: string, count: number): Promise<NotificationItem[]> =>
  readPartition(notificationItem, { sub, id: '' }, { skPrefix: notificationPrefix, descending: true, limit: count });

/**
 * Page `page` (from 0) of the user's notifications, newest first. Page numbers cannot seek in
 * DynamoDB, so this reads the pages before it too: fine because pages are capped (contracts'
 * maxNotificationPage) and read notifications expire. One item more than needed tells whether
 * a next page exists.
 */
export async function listNotifications(user: UserItem, page: number): Promise<NotificationPage> {
  const perPage = notificationsPerPage;
  const items = await newestNotifications(user.sub, (page + 1) * perPage + 1);
  return {
    current_page: page,
    per_page: perPage,
    data: items.slice(page * perPage, (page + 1) * perPage).map(toNotification),
    next_page: items.length > (page + 1) * perPage ? page + 1 : null,
    unread_count: user.unreadCount ?? 0,
  };
}
