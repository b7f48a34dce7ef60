import { tableName } from '../db';
import { NotFoundError, ValidationError } from '../errors';
import { timeSortableId } from '../ids';
import { userKeys } from '../user/keys';
import type { NotificationContent, NotificationItem } from './items';
import { notificationKeys } from './keys';
import { failedCondition, transactWrite } from './transact';

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
  const item: NotificationItem = { id: timeSortableId(now), title, message, createdAt: new Date(now).toISOString() };
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
