import { notificationItem, notificationPrefix } from '../../shared/db/items/notifications';

/** A user's notifications live in the user's partition; ids sort by time, so the newest come last. */
export const notificationKeys = {
  prefix: notificationPrefix,
  item: (sub: string, id: string) => notificationItem.key({ sub, id }),
};
