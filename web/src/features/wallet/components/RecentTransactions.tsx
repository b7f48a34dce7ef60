import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ReceiptIcon } from '@/components/icons/dashboard-icons';
import { noFilters, useTransactions } from '@/features/wallet/api/use-transactions';
import { TransactionRow } from './TransactionRow';
import './wallet.css';

export const recentCount = 5;

/** The dashboard's Recent Transaction panel body: the last five entries, or the empty state. */
export function RecentTransactions() {
  const { t } = useTranslation('wallet');
  const { t: td } = useTranslation('dashboard');
  const { data, error, isLoading } = useTransactions(noFilters, 0);
  const items = data?.data.data.slice(0, recentCount) ?? [];

  return (
    <div className="recent-tx" data-testid="recent-transactions" aria-busy={isLoading}>
      {isLoading && !data ? (
        <Loader block size="sm" />
      ) : items.length ? (
        <table className="tx-table tx-table--compact">
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('transactions.columns.description')}</th>
              <th scope="col">{t('transactions.columns.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} compact />
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState icon={ReceiptIcon} title={td('empty.transactions')} text={td('home.recentTransaction.text')} />
      )}
      {error && !data && <p className="panel__note">{t('transactions.loadError')}</p>}
    </div>
  );
}
