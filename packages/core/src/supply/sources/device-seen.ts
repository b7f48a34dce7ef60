import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db';
import { sourceKeys } from './keys';

/**
 * A phone's webhook call, once its signature checked out: `active` (its last-seen time set now),
 * `unregistered` (refuse it), or `unknown` (never registered here: the seed's phones, whose
 * numbers' sources alone decide what they may report). One conditional update.
 */
export async function touchDevice(id: string, now = new Date()): Promise<'active' | 'unregistered' | 'unknown'> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sourceKeys.device(id),
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(unregisteredAt)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'active';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return error.Item ? 'unregistered' : 'unknown';
    throw error;
  }
}
