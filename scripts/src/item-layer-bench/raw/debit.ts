/**
 * The reference: the debit as core writes it today, on @aws-sdk/lib-dynamodb alone (expression
 * strings, reads cast, cancellation reasons read by position). The floor of size and latency.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  documentClient,
  EntryTakenError,
  KeyAlreadyUsedError,
  NotEnoughBalanceError,
  tableName,
  type DebitedEntry,
  type ItemLayerImplementation,
  purchaseEntry,
} from '../shared';

const profileKey = (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' });
const entryKey = (sub: string, seq: number) => ({ pk: `USER#${sub}`, sk: `LEDGER#${String(seq).padStart(10, '0')}` });

interface AccountItem {
  sub: string;
  balanceCents: number;
  ledgerSeq?: number;
}

export const rawLibDynamoDb: ItemLayerImplementation = {
  async openAccount(sub, balanceCents) {
    await documentClient.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...profileKey(sub), sub, email: `${sub}@example.com`, balanceCents, createdAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async readAccount(sub) {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: profileKey(sub), ConsistentRead: true }));
    return Item as AccountItem | undefined;
  },
  async readEntry(sub, seq) {
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: entryKey(sub, seq), ConsistentRead: true }));
    return Item as DebitedEntry | undefined;
  },

  async debit({ sub, amountCents, idempotencyKey, reference }, before) {
    const seq = (before.ledgerSeq ?? 0) + 1;
    const entry = purchaseEntry({ sub, amountCents, reference }, before.balanceCents, seq);
    const { createdAt } = entry;
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: profileKey(sub),
                UpdateExpression: 'SET balanceCents = balanceCents - :debit, ledgerSeq = :seq',
                ConditionExpression: `attribute_exists(pk) AND balanceCents >= :debit AND ${seq === 1 ? 'attribute_not_exists(ledgerSeq)' : 'ledgerSeq = :previous'}`,
                ExpressionAttributeValues: { ':debit': amountCents, ':seq': seq, ...(seq === 1 ? {} : { ':previous': seq - 1 }) },
              },
            },
            { Put: { TableName: tableName(), Item: { ...entryKey(sub, seq), ...entry }, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Put: {
                TableName: tableName(),
                Item: { pk: `LEDGER_KEY#${idempotencyKey}`, sk: 'LEDGER_KEY', idempotencyKey, sub, seq, createdAt },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (reasons[0] === 'ConditionalCheckFailed') throw new NotEnoughBalanceError(`The account of ${sub} has less than ${amountCents} cents, or changed`);
      if (reasons[1] === 'ConditionalCheckFailed') throw new EntryTakenError(`Entry ${seq} of ${sub} exists`);
      if (reasons[2] === 'ConditionalCheckFailed') throw new KeyAlreadyUsedError(`The key ${idempotencyKey} was used`);
      throw error;
    }
    return { sub, seq, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
  },
};
