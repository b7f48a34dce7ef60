import { userPartition } from '../../accounts';

/** Keys: docs/access-patterns.md. */
export const ledgerKeys = {
  entryPrefix: 'LEDGER#',
  entry: (sub: string, seq: number) => ({ pk: userPartition(sub), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
  idempotency: (key: string) => ({ pk: `LEDGER_KEY#${key}`, sk: 'LEDGER_KEY' }),
};
