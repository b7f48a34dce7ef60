import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { toCents } from '@numbernest/core/pricing';
import { PlusIcon } from '@/components/icons/dashboard-icons';
import { dashboardPaths } from '@/lib/paths';
import { usd } from '@/lib/money';

/**
 * 'My Balance: $12.50' (the amount in the language's own form) with a plus link to the top-up page.
 * Below zero (a card payment taken back after the money was used) it reads 'You owe: $20.00'.
 */
export function BalanceLink({ balance }: { balance: number }) {
  const { t } = useTranslation('dashboard');
  const cents = toCents(balance);
  const owed = cents < 0;
  const amount = usd(Math.abs(cents) / 100);
  return (
    <div className={`balance-pill${owed ? ' balance-pill--owed' : ''}`}>
      <span className="balance-pill__text" data-testid="header-balance">
        <span className="balance-pill__label">{t(owed ? 'header.owedLabel' : 'header.balanceLabel')}</span> {amount}
      </span>
      <Link to={dashboardPaths.topUp} className="balance-pill__add" aria-label={t('header.topUp')} title={t('header.topUp')}>
        <PlusIcon size={16} />
      </Link>
    </div>
  );
}
