import { getItem, queryAll, retryOnConflict, tableName } from '../../shared/db';
import { NotFoundError } from '../../shared/errors';
import { userKeys, userPartition } from '../../accounts';
import type { NotificationItem } from './items';
import { notificationKeys } from './keys';
import { failedCondition, transactWrite } from '../../shared/db/transact';

/** Read notifications are kept this long after being read (then DynamoDB's TTL removes them). */
const keepReadForSeconds = 180 * 24 * 3600;

/** Marking read and uncounting it: one conditional update per notification plus the counter. */
function markReadItems(sub: string, ids: string[]) {
  const readAt = new Date();
  const expiresAt = Math.floor(readAt.getTime() / 1000) + keepReadForSeconds;
  return [
    ...ids.map((id) => ({
      Update: {
        TableName: tableName(),
        Key: notificationKeys.item(sub, id),
        UpdateExpression: 'SET readAt = :readAt, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(readAt)',
        ExpressionAttributeValues: { ':readAt': readAt.toISOString(), ':expiresAt': expiresAt },
      },
    })),
    {
      Update: {
        TableName: tableName(),
        Key: userKeys.profile(sub),
        UpdateExpression: 'ADD unreadCount :minus',
        ExpressionAttributeValues: { ':minus': -ids.length },
      },
    },
  ];
}

/**
 * Marks one of the user's notifications read. Idempotent: an already read one stays as it is.
 * The key includes the user, so another user's id is simply not found (404).
 */
export async function markRead(sub: string, id: string): Promise<void> {
  try {
    await transactWrite(markReadItems(sub, [id]));
  } catch (error) {
    if (!failedCondition(error)) throw error;
    if (!(await getItem<NotificationItem>(notificationKeys.item(sub, id)))) throw new NotFoundError('Notification not found', 'NOTIFICATION_NOT_FOUND');
  }
}

/** At most this many updates per transaction (DynamoDB's limit is 100 items; one is the counter). */
const perTransaction = 99;

/**
 * Marks every unread notification of the user read, in transactions of up to 99 plus the
 * counter. If a single read lands in between, that batch is cancelled and read again.
 * Returns how many were marked.
 */
export async function markAllRead(sub: string, attempts = 5): Promise<number> {
  let marked = 0;
  return retryOnConflict(
    async () => {
      const unread = await queryAll<{ sk: string }>({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'attribute_not_exists(readAt)',
        ProjectionExpression: 'sk',
        ExpressionAttributeValues: { ':pk': userPartition(sub), ':prefix': notificationKeys.prefix },
      });
      const ids = unread.map(({ sk }) => sk.slice(notificationKeys.prefix.length));
      for (let start = 0; start < ids.length; start += perTransaction) {
        const batch = ids.slice(start, start + perTransaction);
        await transactWrite(markReadItems(sub, batch));
        marked += batch.length;
      }
      return marked;
    },
    { attempts, retryOn: failedCondition },
  );
}
