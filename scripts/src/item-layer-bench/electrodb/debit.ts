/** The ledger's conditional debit with ElectroDB: a service transaction whose result names each item's outcome. */
import { EntryTakenError, KeyAlreadyUsedError, NotEnoughBalanceError, type ItemLayerImplementation, purchaseEntry } from '../shared';
import { account, ledger, ledgerEntry } from './items';

export const electroDb: ItemLayerImplementation = {
  async openAccount(sub, balanceCents) {
    await account.create({ sub, email: `${sub}@example.com`, balanceCents, createdAt: new Date().toISOString() }).go();
  },
  async readAccount(sub) {
    const { data } = await account.get({ sub }).go({ consistent: true });
    return data ?? undefined;
  },
  async readEntry(sub, seq) {
    const { data } = await ledgerEntry.get({ sub, seq }).go({ consistent: true });
    return data ?? undefined;
  },

  async debit({ sub, amountCents, idempotencyKey, reference }, before) {
    const seq = (before.ledgerSeq ?? 0) + 1;
    const entry = purchaseEntry({ sub, amountCents, reference }, before.balanceCents, seq);
    const { createdAt } = entry;
    const { canceled, data } = await ledger.transaction
      .write(({ account, ledgerEntry, idempotencyMarker }) => [
        account
          .patch({ sub })
          .subtract({ balanceCents: amountCents })
          .set({ ledgerSeq: seq })
          .where(
            (attr, { gte, eq, notExists }) =>
              `${gte(attr.balanceCents, amountCents)} AND ${seq === 1 ? notExists(attr.ledgerSeq) : eq(attr.ledgerSeq, seq - 1)}`,
          )
          .commit({ response: 'all_old' }),
        ledgerEntry.create(entry).commit(),
        idempotencyMarker.create({ idempotencyKey, sub, seq, createdAt }).commit(),
      ])
      .go();
    if (canceled) {
      // The result is positional: item i of `data` is the outcome of item i above.
      const [accountOutcome, entryOutcome, markerOutcome] = data;
      if (accountOutcome.code === 'ConditionalCheckFailed') {
        const current = accountOutcome.item;
        throw current?.balanceCents !== undefined && current.balanceCents < amountCents
          ? new NotEnoughBalanceError(`The account of ${sub} has ${current.balanceCents} cents, less than ${amountCents}`)
          : new EntryTakenError(`The account of ${sub} changed since it was read`);
      }
      if (entryOutcome.code === 'ConditionalCheckFailed') throw new EntryTakenError(`Entry ${seq} of ${sub} exists`);
      if (markerOutcome.code === 'ConditionalCheckFailed') throw new KeyAlreadyUsedError(`The key ${idempotencyKey} was used`);
      throw new Error(`The debit was cancelled: ${data.map((outcome) => outcome.code).join(', ')}`);
    }
    return { sub, seq, amountCents: entry.amountCents, balanceAfterCents: entry.balanceAfterCents };
  },
};
