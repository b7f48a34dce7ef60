import { ledgerEntryItem, ledgerKeyItem } from '../db/items/ledger';

/** Keys: the item definitions in db/items/ledger.ts (docs/access-patterns.md). */
export const ledgerKeys = {
  entryPrefix: 'LEDGER#',
  entry: (sub: string, seq: number) => ledgerEntryItem.key({ sub, seq }),
  idempotency: (idempotencyKey: string) => ledgerKeyItem.key({ idempotencyKey }),
};
