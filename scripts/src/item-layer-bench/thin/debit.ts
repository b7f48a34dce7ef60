/** The ledger's conditional debit with core's item layer: no expression string, no cast, no index into cancellation reasons. */
import { EntryTakenError, KeyAlreadyUsedError, NotEnoughBalanceError, type ItemLayerImplementation, purchaseEntry } from '../shared';
import { account, idempotencyMarker, ledgerEntry } from './items';
import { createItem, readItem, transact, txPutNew, txUpdate } from '@numbernest/core/db';

export const thinLayer: ItemLayerImplementation = {
  openAccount: async (sub, balanceCents) =>
    void (await createItem(account, { sub, email: `${sub}@example.com`, balanceCents, createdAt: new Date().toISOString() })),
  readAccount: (sub) => readItem(account, { sub }, { consistent: true }),
  readEntry: (sub, seq) => readItem(ledgerEntry, { sub, seq }, { consistent: true }),

  async debit({ sub, amountCents, idempotencyKey, reference }, before) {
    const seq = (before.ledgerSeq ?? 0) + 1;
    const entry = purchaseEntry({ sub, amountCents, reference }, before.balanceCents, seq);
    const { createdAt } = entry;
    await transact([
      txUpdate(
        account,
        { sub },
        {
          add: { balanceCents: -amountCents },
          set: { ledgerSeq: seq },
          when: { balanceCents: { atLeast: amountCents }, ledgerSeq: seq === 1 ? { absent: true } : { equals: seq - 1 } },
          onConditionFailed: (current) =>
            current && current.balanceCents < amountCents
              ? new NotEnoughBalanceError(`The account of ${sub} has ${current.balanceCents} cents, less than ${amountCents}`)
              : new EntryTakenError(`The account of ${sub} changed since it was read`),
        },
      ),
      txPutNew(ledgerEntry, entry, () => new EntryTakenError(`Entry ${seq} of ${sub} exists`)),
      txPutNew(idempotencyMarker, { idempotencyKey, sub, seq, createdAt }, () => new KeyAlreadyUsedError(`The key ${idempotencyKey} was used`)),
    ]);
    return { sub, seq, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
  },
};
