import { readItem, readPartition, retryOnConflict, transact, txUpdate } from '../../shared/db';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { notificationItem, notificationPrefix } from '../../shared/db/items/notifications';
import { unreadCountPart } from '../../accounts';

/** Read notifications are kept this long after being read (then DynamoDB's TTL removes them). */
const keepReadForSeconds = 180 * 24 * 3600;

/** One of the notifications was read (or went) meanwhile. */
class ReadMeanwhile extends ConflictError {
  constructor() {
    super('A notification was read meanwhile', 'CONFLICT');
  }
}

/** Marking read and uncounting it: one conditional update per notification plus the counter. */
function markReadParts(sub: string, ids: string[]) {
  const readAt = new Date();
  const expiresAt = Math.floor(readAt.getTime() / 1000) + keepReadForSeconds;
  return [
    ...ids.map((id) =>
      txUpdate(
        notificationItem,
        { sub, id },
        { set: { readAt: readAt.toISOString() }, expiresAt, when: { readAt: { absent: true } }, onConditionFailed: () => new ReadMeanwhile() },
      ),
    ),
    unreadCountPart(sub, -ids.length, false),
  ];
}

/**
 * Marks one of the user's notifications read. Idempotent: an already read one stays as it is.
 * The key includes the user, so another user's id is simply not found (404).
 */
export async function markRead(sub: string, id: string): Promise<void> {
  try {
    await transact(markReadParts(sub, [id]));
  } catch (error) {
    if (!(error instanceof ReadMeanwhile)) throw error;
    if (!(await readItem(notificationItem, { sub, id }))) throw new NotFoundError('Notification not found', 'NOTIFICATION_NOT_FOUND');
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
      const all = await readPartition(notificationItem, { sub, id: '' }, { skPrefix: notificationPrefix });
      const ids = all.filter((notification) => notification.readAt === undefined).map((notification) => notification.id);
      for (let start = 0; start < ids.length; start += perTransaction) {
        const batch = ids.slice(start, start + perTransaction);
        await transact(markReadParts(sub, batch));
        marked += batch.length;
      }
      return marked;
    },
    { attempts, retryOn: (error) => error instanceof ReadMeanwhile },
  );
}
