import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import './payment.css';

export type ResultKind = 'paymentSuccess' | 'paymentFailed' | 'transferSuccess' | 'transferFailed' | 'topUpSuccess' | 'topUpFailed';

interface Action {
  to: string;
  label: string;
}

// Where each result leads next: the primary action first.
const actionsOf: Record<ResultKind, [string, string][]> = {
  paymentSuccess: [['/dashboard', 'actions.dashboard'], ['/#get-number', 'actions.getNumber']],
  paymentFailed: [['/dashboard/topup-balance', 'actions.retryTopUp'], ['/contact-us', 'actions.support']],
  transferSuccess: [['/dashboard', 'actions.dashboard'], ['/#get-number', 'actions.getNumber']],
  transferFailed: [['/dashboard/balance-transfer', 'actions.retryTransfer'], ['/contact-us', 'actions.support']],
  topUpSuccess: [['/#get-number', 'actions.getNumber'], ['/dashboard', 'actions.dashboard']],
  topUpFailed: [['/dashboard/topup-balance', 'actions.retryTopUp'], ['/contact-us', 'actions.support']],
};

const providerKeys = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'];

/** A payment, transfer or top-up outcome; provider return routes name the provider in the path. */
export function ResultPage({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation('payment');
  const segment = useLocation().pathname.split('/')[1] ?? '';
  const provider = providerKeys.includes(segment) ? t(`providers.${segment}`) : null;
  const success = kind.endsWith('Success');
  const actions: Action[] = actionsOf[kind].map(([to, key]) => ({ to, label: t(key) }));
  return (
    <div className="container result">
      <section className={`result__card result__card--${success ? 'success' : 'failed'}`} aria-labelledby="result-title">
        <span className="result__badge" aria-hidden="true">
          <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d={success ? 'm5 12.5 4.5 4.5L19 7.5' : 'M18 6 6 18M6 6l12 12'} />
          </svg>
        </span>
        <h1 id="result-title">{t(`results.${kind}.title`)}</h1>
        {provider && (
          <p className="result__provider">
            {t('providerLabel')}: <strong data-testid="result-provider">{provider}</strong>
          </p>
        )}
        <p className="result__text">{t(`results.${kind}.text`, { provider: provider ?? '' })}</p>
        <div className="result__actions">
          {actions.map((action, index) => (
            <Link key={action.to} className={`btn btn--lg ${index === 0 ? 'btn--primary' : 'btn--secondary'}`} to={action.to}>
              {action.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
