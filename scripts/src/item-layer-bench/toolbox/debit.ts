/** The ledger's conditional debit with dynamodb-toolbox v2: typed transaction items, cancellation reasons by position. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $get, $subtract } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { execute, isTransactionCancelled } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { EntryTakenError, KeyAlreadyUsedError, NotEnoughBalanceError, type ItemLayerImplementation, purchaseEntry } from '../shared';
import { account, idempotencyMarker, ledgerEntry } from './items';

export const dynamoDbToolbox: ItemLayerImplementation = {
  async openAccount(sub, balanceCents) {
    await account
      .build(PutItemCommand)
      .item({ sub, email: `${sub}@example.com`, balanceCents, createdAt: new Date().toISOString() })
      .options({ condition: { attr: 'sub', exists: false } })
      .send();
  },
  async readAccount(sub) {
    const { Item } = await account.build(GetItemCommand).key({ sub }).options({ consistent: true }).send();
    return Item;
  },
  async readEntry(sub, seq) {
    const { Item } = await ledgerEntry.build(GetItemCommand).key({ sub, seq }).options({ consistent: true }).send();
    return Item;
  },

  async debit({ sub, amountCents, idempotencyKey, reference }, before) {
    const seq = (before.ledgerSeq ?? 0) + 1;
    const entry = purchaseEntry({ sub, amountCents, reference }, before.balanceCents, seq);
    const { createdAt } = entry;
    const accountUpdate = account
      .build(UpdateTransaction)
      .item({ sub, balanceCents: $subtract($get('balanceCents'), amountCents), ledgerSeq: seq })
      .options({
        condition: {
          and: [
            { attr: 'sub', exists: true },
            { attr: 'balanceCents', gte: amountCents },
            seq === 1 ? { attr: 'ledgerSeq', exists: false } : { attr: 'ledgerSeq', eq: seq - 1 },
          ],
        },
        returnValuesOnConditionFalse: 'ALL_OLD',
      });
    const entryPut = ledgerEntry
      .build(PutTransaction)
      .item(entry)
      .options({ condition: { attr: 'seq', exists: false } });
    const markerPut = idempotencyMarker
      .build(PutTransaction)
      .item({ idempotencyKey, sub, seq, createdAt })
      .options({ condition: { attr: 'idempotencyKey', exists: false } });
    try {
      await execute(accountUpdate, entryPut, markerPut);
    } catch (error) {
      if (!isTransactionCancelled(error, accountUpdate, entryPut, markerPut)) throw error;
      // Positional: reason i is the outcome of the i-th transaction given to execute.
      const [accountReason, entryReason, markerReason] = error.CancellationReasons ?? [];
      if (accountReason?.Code === 'ConditionalCheckFailed') {
        const current = accountReason.FormattedItem;
        throw current && current.balanceCents < amountCents
          ? new NotEnoughBalanceError(`The account of ${sub} has ${current.balanceCents} cents, less than ${amountCents}`)
          : new EntryTakenError(`The account of ${sub} changed since it was read`);
      }
      if (entryReason?.Code === 'ConditionalCheckFailed') throw new EntryTakenError(`Entry ${seq} of ${sub} exists`);
      if (markerReason?.Code === 'ConditionalCheckFailed') throw new KeyAlreadyUsedError(`The key ${idempotencyKey} was used`);
      throw error;
    }
    return { sub, seq, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
  },
};
