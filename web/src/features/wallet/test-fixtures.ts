import type { Transaction, TransactionsReply } from '@numbernest/contracts';

/** Test-only: ledger entries and pages as GET /user/transactions answers them. */
export function transaction(n: number, change: Partial<Transaction> = {}): Transaction {
  return {
    id: `t${n}`,
    kind: 'top-up',
    amount: 25,
    balance_after: 37.5,
    reference: `ref${n}`,
    created_at: '2026-03-01T10:00:00.000Z',
    description: { key: 'topUp', params: { provider: 'stripe' } },
    ...change,
  };
}

export const transactionPage = (page: number, data: Transaction[], nextPage: number | null = null): TransactionsReply => ({
  message: 'success',
  data: { current_page: page, per_page: 20, data, next_page: nextPage },
});
