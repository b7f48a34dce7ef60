import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryDue, tableName } from '../db';
import { enqueue } from '../webhook/queue';
import type { ForwardRecord } from './items';
import { forwardLeaseMs, forwardQueue } from './keys';

/**
 * With the webhooks' retry job (every minute): every forwarding record due (a retry's time came,
 * an enqueue was lost, an attempt crashed) is leased (dueAt moves on, conditionally) and enqueued.
 */
export async function retryDueForwards(now = Date.now()): Promise<{ requeued: number }> {
  const due = await queryDue<ForwardRecord & { pk: string; sk: string }>(forwardQueue, now);
  let requeued = 0;
  for (const item of due) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET dueAt = :lease',
          ConditionExpression: 'dueAt = :read AND #status IN (:queued, :sending)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':lease': new Date(now + forwardLeaseMs).toISOString(),
            ':read': item.dueAt,
            ':queued': 'queued',
            ':sending': 'sending',
          },
        }),
      );
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) continue; // leased by another run, or attempted meanwhile
      throw e;
    }
    await enqueue({ kind: 'forward', sub: item.sub, messageId: item.messageId, channel: item.channel }, now);
    requeued++;
  }
  return { requeued };
}
