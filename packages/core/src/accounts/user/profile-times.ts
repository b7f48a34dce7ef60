import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db';
import { userKeys } from './keys';

/** The profile's epoch-seconds marks that only ever move forward. */
export type ProfileTime = 'tokensValidAfter' | 'socketsLiveUntil';

/**
 * Moves a profile's time mark forward to `seconds`: never back (two writers racing keep the later
 * one) and never onto a profile that is not there (then nothing happens).
 */
export async function moveProfileTimeForward(sub: string, mark: ProfileTime, seconds: number): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.profile(sub),
        UpdateExpression: 'SET #mark = :seconds',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#mark) OR #mark < :seconds)',
        ExpressionAttributeNames: { '#mark': mark },
        ExpressionAttributeValues: { ':seconds': seconds },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
