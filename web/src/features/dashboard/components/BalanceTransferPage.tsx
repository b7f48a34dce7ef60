import { useTranslation } from 'react-i18next';
import { ComingSoon } from './ComingSoon';
import { DashboardPage } from './DashboardPage';
import './dashboard.css';

/** Balance Transfer: on its way; says what it will do. */
export default function BalanceTransferPage() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('balanceTransfer.title')} lead={t('balanceTransfer.lead')}>
      <ComingSoon copyKey="balanceTransfer.soon" />
    </DashboardPage>
  );
}
