import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryDue, tableName } from '../db';
import type { WebhookDeliveryItem } from './items';
import { leaseMs, webhookQueue } from './keys';
import { enqueue } from './queue';

/**
 * The retry job (the job schedules: every minute): every pending delivery whose `nextAttemptAt`
 * has come is leased (dueAt moves on, conditionally) and enqueued again.
 */
export async function retryDueWebhooks(now = Date.now()): Promise<{ requeued: number }> {
  const due = await queryDue<WebhookDeliveryItem & { pk: string; sk: string }>(webhookQueue, now);
  let requeued = 0;
  for (const item of due) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET dueAt = :lease',
          ConditionExpression: 'dueAt = :read AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':lease': new Date(now + leaseMs).toISOString(), ':read': item.dueAt, ':pending': 'pending' },
        }),
      );
    } catch (e) {
      // Leased by another run, or attempted meanwhile: not this run's to enqueue.
      if (e instanceof ConditionalCheckFailedException) continue;
      throw e;
    }
    await enqueue({ sub: item.sub, id: item.id }, now);
    requeued++;
  }
  return { requeued };
}
