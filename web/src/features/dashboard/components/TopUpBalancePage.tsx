import { useTranslation } from 'react-i18next';
import { formatDollars, toCents } from '@numbernest/core/pricing';
import { useAuthState } from '../../../lib/auth-state';
import { ComingSoon } from './ComingSoon';
import { DashboardPage } from './DashboardPage';
import { WalletIcon } from './icons';
import './dashboard.css';

/** TOP-UP Balance: shows the balance; payments are on their way and the page says which ones. */
export default function TopUpBalancePage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuthState();
  return (
    <DashboardPage title={t('topUp.title')} lead={t('topUp.lead')}>
      <div className="balance-card">
        <span className="balance-card__icon">
          <WalletIcon size={24} />
        </span>
        <div>
          <p className="balance-card__label">{t('topUp.current')}</p>
          <p className="balance-card__amount">{t('header.balanceAmount', { amount: formatDollars(toCents(user?.balance ?? 0)) })}</p>
        </div>
      </div>
      <ComingSoon copyKey="topUp.soon" />
    </DashboardPage>
  );
}
