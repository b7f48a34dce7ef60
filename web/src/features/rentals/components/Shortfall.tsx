import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { usd } from '@/lib/money';
import { topUpPath } from '@/lib/paths';
import './rentals.css';

interface ShortfallProps {
  /** Dollars missing. */
  amount: number;
  /** Where TOP-UP Balance leads back to (the purchase or the rental). */
  returnTo: string;
  testId: string;
}

/** Not enough balance: how much is missing, and a way to top up that comes back here. */
export function Shortfall({ amount, returnTo, testId }: ShortfallProps) {
  const { t } = useTranslation('rentals');
  return (
    <div className="shortfall" role="status" data-testid={testId} data-shortfall={amount}>
      <div>
        <p className="shortfall__title">{t('shortfall.title', { amount: usd(amount) })}</p>
        <p className="shortfall__text">{t('shortfall.text')}</p>
      </div>
      <Link className="btn btn--primary" to={topUpPath(returnTo)} data-testid="top-up-link">
        {t('shortfall.topUp')}
      </Link>
    </div>
  );
}
