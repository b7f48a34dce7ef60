import { fieldProblem } from '@numbernest/contracts';
import type { UserSettings } from '@numbernest/contracts';
import { transact, txPutNew, type TransactPart } from '../../shared/db';
import { notificationItem } from '../../shared/db/items/notifications';
import { ValidationError } from '../../shared/errors';
import { timeSortableId } from '../../shared/ids';
import { log } from '../../shared/log';
import { publish } from '../realtime/publish';
import type { UserItem } from '../../accounts';
import { settingsOf, findUser, unreadCountPart } from '../../accounts';
import type { NotificationContent, NotificationItem } from './items';
import { toNotification } from './list';

/**
 * Adds an unread notification for a user, and counts it in the same transaction, so the
 * unread count is always exact. The user must exist and not be deleted (else NotFoundError).
 * Callers that honour the user's settings (`settingsOf(user).configure`) check them first.
 */
export async function notify(sub: string, content: NotificationContent): Promise<NotificationItem> {
  const item = newNotification(content);
  await transact([
    txPutNew(notificationItem, { ...item, sub }), // a new id: it never clashes
    unreadCountPart(sub, 1, true),
  ]);
  // Stored and counted: the user's open tabs hear of it now (publish never throws).
  await publish(sub, { type: 'notification', notification: toNotification(item) });
  return item;
}

/** In another transaction (an SMS's): a new notification and its unread count, each failing as `onConditionFailed` says (the user went). */
export function notificationParts(sub: string, item: NotificationItem, onConditionFailed: () => Error): TransactPart[] {
  return [txPutNew(notificationItem, { ...item, sub }, onConditionFailed), { ...unreadCountPart(sub, 1, true), onConditionFailed }];
}

/** A new unread notification (not stored yet); a blank title or message is a ValidationError. */
export function newNotification(content: NotificationContent): NotificationItem {
  const title = content.title.trim();
  const message = content.message.trim();
  if (!title || !message) {
    throw new ValidationError('A notification needs a title and a message', {
      ...(title ? {} : { title: [fieldProblem('REQUIRED')] }),
      ...(message ? {} : { message: [fieldProblem('REQUIRED')] }),
    });
  }
  const now = Date.now();
  const { kind, key, params } = content;
  return {
    id: timeSortableId(now),
    title,
    message,
    ...(kind ? { kind } : {}),
    ...(key ? { key, params: params ?? {} } : {}),
    createdAt: new Date(now).toISOString(),
  };
}

/** The Configure Notifications switch that governs a notification. */
export type NotificationTopic = keyof UserSettings['configure'];

/** Whether the user's settings want a notification of this topic (Notification on, the topic on, account live). */
export function wantsNotification(user: UserItem, topic: NotificationTopic): boolean {
  const settings = settingsOf(user);
  return !user.deletedAt && settings.notification && settings.configure[topic];
}

/**
 * Tells the customer of an operator's decision, when their settings want news of `topic`. Never
 * throws: the decision stands, only the note is missing (logged with `context`).
 */
export async function notifyIfWanted(sub: string, topic: NotificationTopic, content: NotificationContent, context: Record<string, unknown>): Promise<void> {
  try {
    const user = await findUser(sub);
    if (user && wantsNotification(user, topic)) await notify(sub, content);
  } catch (error) {
    log.error('Could not tell the customer', { sub, ...context, key: content.key, error: String(error) });
  }
}
