import { useTranslation } from 'react-i18next';
import { DashboardPage } from './DashboardPage';
import { EmptyState } from './EmptyState';
import { ReceiptIcon } from './icons';
import { Panel } from './Panel';
import './dashboard.css';

const columns = ['date', 'description', 'method', 'amount'] as const;

/** Transaction History: All Transaction. Payments arrive in a later release, so it is empty for now. */
export default function TransactionPage() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('transaction.title')} lead={t('transaction.lead')}>
      <Panel title={t('transaction.all')}>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`transaction.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={columns.length}>
                  <EmptyState icon={ReceiptIcon} title={t('empty.transactions')} text={t('transaction.text')} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </Panel>
    </DashboardPage>
  );
}
