export type { NotificationItem, NotificationContent } from './items';
export { notificationKeys } from './keys';
export { notify, newNotification, wantsNotification, type NotificationTopic } from './notify';
export { listNotifications, toNotification } from './list';
export { markRead, markAllRead } from './read';
