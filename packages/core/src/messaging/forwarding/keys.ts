import type { ForwardingChannel } from '@numbernest/contracts';
import { userPartition } from '../../accounts';

/**
 * Forwarding (Account setting -> Notifications -> "Forward each SMS to"): each SMS a rental
 * receives goes to every channel its owner turned on, one job per (message, channel) through the
 * customer webhooks' queue (webhook/queue.ts), never the SMS path.
 *
 * Keys: docs/access-patterns.md. The record `FORWARD#<message id>#<channel>` is made in the SMS's
 * own transaction and is the idempotency record: an attempt claims it (conditionally) before it
 * sends and marks it sent after, so a duplicate job after a success sends nothing, while a retry
 * after a failure sends again. A record not final sits in `dueByTime` (`FORWARD_RETRY`): the
 * retry job re-enqueues it when its time comes (a lost enqueue, a backoff, a crashed attempt).
 */
export const forwardQueue = 'FORWARD_RETRY';
/** A code is worth little after an hour: retries stop then. */
export const forwardRetryWindowMs = 3600_000;
/** While a job sits in the queue, or an attempt runs, the retry job leaves the record alone this long. */
export const forwardLeaseMs = 2 * 60_000;

export const forwardKeys = {
  record: (sub: string, messageId: string, channel: ForwardingChannel) => ({ pk: userPartition(sub), sk: `FORWARD#${messageId}#${channel}` }),
};
