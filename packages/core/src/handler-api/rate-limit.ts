import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, failedCondition, tableName } from '../db';

/**
 * Per-key request limit: a fixed one-second window counted in DynamoDB (shared by every Lambda):
 * pk `RATE#<first 16 hex of the key's hash>#<epoch second>`, sk `RATE`, `ADD n 1` conditioned on
 * `n < limit`, TTL 2 minutes. 20 requests per second per key (a poller needs ~10/s for getStatus);
 * above it the answer is `ERROR_RATE_LIMIT` (HTTP 200, like every answer of the protocol).
 */
export const requestsPerSecond = 20;

/** True when this request is within the key's limit (and counts it). */
export async function withinRateLimit(keyHash: string, now = Date.now()): Promise<boolean> {
  const second = Math.floor(now / 1000);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `RATE#${keyHash.slice(0, 16)}#${second}`, sk: 'RATE' },
        UpdateExpression: 'ADD n :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
        ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': requestsPerSecond, ':ttl': second + 120 },
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error) || (error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
