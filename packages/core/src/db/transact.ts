import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

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
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      const conflictOnly = reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}
