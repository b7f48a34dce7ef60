import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { queryDue } from './operations';

type DueItem = { pk: string; sk: string; dueAt: string };

/**
 * A retry job's sweep of one due-work queue: each item whose `dueAt` has come is leased (its
 * `dueAt` moves `leaseMs` on, conditioned on the `dueAt` read and on a status it may be retried
 * in) and handed to `requeue`. An item another run leased, or that was attempted meanwhile, is not
 * this run's: it is skipped.
 */
export async function requeueDue<T extends DueItem>(
  queue: string,
  now: number,
  { leaseMs, statuses, requeue }: { leaseMs: number; statuses: readonly string[]; requeue: (item: T) => Promise<unknown> },
): Promise<{ requeued: number }> {
  const due = await queryDue<T>(queue, now);
  const statusValues = Object.fromEntries(statuses.map((status, i) => [`:s${i}`, status]));
  let requeued = 0;
  for (const item of due) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET dueAt = :lease',
          ConditionExpression: `dueAt = :read AND #status IN (${Object.keys(statusValues).join(', ')})`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':lease': new Date(now + leaseMs).toISOString(), ':read': item.dueAt, ...statusValues },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) continue;
      throw e;
    }
    await requeue(item);
    requeued++;
  }
  return { requeued };
}
