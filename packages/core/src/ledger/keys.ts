import { userPartition } from '../user/keys';

/**
 * | item             | pk                    | sk               |
 * |------------------|-----------------------|------------------|
 * | ledger entry     | USER#<sub>            | LEDGER#<seq, 10 digits> |  (the user's chain, oldest first)
 * | idempotency key  | LEDGER_KEY#<key>      | LEDGER_KEY       |  (one per balance change; holds its entries)
 */
export const ledgerKeys = {
  entryPrefix: 'LEDGER#',
  entry: (sub: string, seq: number) => ({ pk: userPartition(sub), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
  idempotency: (key: string) => ({ pk: `LEDGER_KEY#${key}`, sk: 'LEDGER_KEY' }),
};
