import { tableName } from '../db';
import { NotFoundError, ValidationError } from '../errors';
import { timeSortableId } from '../ids';
import { userKeys } from '../user/keys';
import { findUser } from '../user/users';
import { settingsOf } from '../user/shape';
import type { UserSettings } from '@numbernest/contracts';
import type { NotificationContent, NotificationItem } from './items';
import { notificationKeys } from './keys';
import { failedCondition, transactWrite } from '../db/transact';

/**
 * Adds an unread notification for a user, and counts it in the same transaction, so the
 * unread count is always exact. The user must exist and not be deleted (else NotFoundError).
 * Callers that honour the user's settings (`settingsOf(user).configure`) check them first.
 */
export async function notify(sub: string, content: NotificationContent): Promise<NotificationItem> {
  const title = content.title.trim();
  const message = content.message.trim();
  if (!title || !message) {
    throw new ValidationError('A notification needs a title and a message', {
      ...(title ? {} : { title: ['Required.'] }),
      ...(message ? {} : { message: ['Required.'] }),
    });
  }
  const now = Date.now();
  const { kind, key, params } = content;
  const item: NotificationItem = { id: timeSortableId(now), title, message, ...(kind ? { kind } : {}), ...(key ? { key, params: params ?? {} } : {}), createdAt: new Date(now).toISOString() };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...notificationKeys.item(sub, item.id), ...item },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: userKeys.profile(sub),
          UpdateExpression: 'ADD unreadCount :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(error)) throw new NotFoundError(`User ${sub} not found`);
    throw error;
  }
  return item;
}

/** The Configure Notifications switch that governs a notification. */
export type NotificationTopic = keyof UserSettings['configure'];

/**
 * `notify`, as the user's settings want it: nothing when notifications are off or this topic is
 * switched off, or the account is gone. Never throws: a notification must not undo what it reports.
 */
export async function notifyPerSettings(sub: string, topic: NotificationTopic, content: NotificationContent): Promise<NotificationItem | undefined> {
  try {
    const user = await findUser(sub);
    if (!user || user.deletedAt) return undefined;
    const settings = settingsOf(user);
    if (!settings.notification || !settings.configure[topic]) return undefined;
    return await notify(sub, content);
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'Notification failed', topic, error: String(error) }));
    return undefined;
  }
}
