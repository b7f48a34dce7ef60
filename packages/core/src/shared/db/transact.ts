import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { retryOnConflict } from './retry';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
export type TransactItem = TransactItems[number];

/** Why each item of a cancelled transaction failed, in item order ('None' for the ones that did not). */
export const cancellationReasons = (error: unknown): string[] =>
  error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None') : [];

/** True when a transaction was cancelled because one of its conditions did not hold. */
export const failedCondition = (error: unknown) => cancellationReasons(error).includes('ConditionalCheckFailed');

/**
 * TransactWriteItems, retried while it only collided with another transaction on the same item
 * (e.g. two notifications for one user at once both bump the counter): DynamoDB cancels one of
 * them with TransactionConflict and the SDK does not retry that.
 */
export async function transactWrite(items: TransactItems, attempts = 6): Promise<void> {
  const conflictOnly = (error: unknown) => {
    const reasons = cancellationReasons(error);
    return reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
  };
  await retryOnConflict(() => db.send(new TransactWriteCommand({ TransactItems: items })), {
    attempts,
    retryOn: conflictOnly,
    pauseMs: (attempt) => 20 * 2 ** attempt * Math.random(),
  });
}

/** A transaction's Put of a new item: cancelled (ConditionalCheckFailed) when an item with its key exists. */
export const putNew = (Item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** The same Put on its own: ConditionalCheckFailedException when an item with its key exists. */
export async function putNewItem(Item: Record<string, unknown>): Promise<void> {
  await db.send(new PutCommand(putNew(Item).Put!));
}
