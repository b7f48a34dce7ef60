/** The ledger's conditional debit with the in-house layer: no expression string, no cast, no index into cancellation reasons. */
import { EntryTakenError, KeyAlreadyUsedError, NotEnoughBalanceError, type ItemLayerImplementation, purchaseEntry } from '../shared';
import { account, idempotencyMarker, ledgerEntry } from './items';
import { transact } from './layer';

export const thinLayer: ItemLayerImplementation = {
  openAccount: (sub, balanceCents) => account.create({ sub, email: `${sub}@example.com`, balanceCents, createdAt: new Date().toISOString() }),
  readAccount: (sub) => account.get({ sub }, { consistent: true }),
  readEntry: (sub, seq) => ledgerEntry.get({ sub, seq }, { consistent: true }),

  async debit({ sub, amountCents, idempotencyKey, reference }, before) {
    const seq = (before.ledgerSeq ?? 0) + 1;
    const entry = purchaseEntry({ sub, amountCents, reference }, before.balanceCents, seq);
    const { createdAt } = entry;
    await transact([
      account.update(
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
      ledgerEntry.putNew(entry, () => new EntryTakenError(`Entry ${seq} of ${sub} exists`)),
      idempotencyMarker.putNew({ idempotencyKey, sub, seq, createdAt }, () => new KeyAlreadyUsedError(`The key ${idempotencyKey} was used`)),
    ]);
    return { sub, seq, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
  },
};
