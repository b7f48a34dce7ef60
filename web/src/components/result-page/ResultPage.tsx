import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation } from 'react-router-dom';
import './ResultPage.css';

export type ResultKind = 'paymentSuccess' | 'paymentFailed' | 'transferSuccess' | 'transferFailed' | 'topUpSuccess' | 'topUpFailed';
/** success and failed are outcomes; pending spins while an outcome is awaited; info is neither. */
export type ResultTone = 'success' | 'failed' | 'pending' | 'info';

export interface ResultAction {
  to: string;
  label: string;
}

// Where each result leads next: the primary action first.
const actionsOf: Record<ResultKind, [string, string][]> = {
  paymentSuccess: [
    ['/dashboard', 'actions.dashboard'],
    ['/#get-number', 'actions.getNumber'],
  ],
  paymentFailed: [
    ['/dashboard/topup-balance', 'actions.retryTopUp'],
    ['/contact-us', 'actions.support'],
  ],
  transferSuccess: [
    ['/dashboard', 'actions.dashboard'],
    ['/#get-number', 'actions.getNumber'],
  ],
  transferFailed: [
    ['/dashboard/balance-transfer', 'actions.retryTransfer'],
    ['/contact-us', 'actions.support'],
  ],
  topUpSuccess: [
    ['/#get-number', 'actions.getNumber'],
    ['/dashboard', 'actions.dashboard'],
  ],
  topUpFailed: [
    ['/dashboard/topup-balance', 'actions.retryTopUp'],
    ['/contact-us', 'actions.support'],
  ],
};

const providerKeys = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'];

/** The provider a return route names in its first path segment (`/stripe/success`), or null. */
export function useProviderFromPath(): string | null {
  const segment = useLocation().pathname.split('/')[1] ?? '';
  return providerKeys.includes(segment) ? segment : null;
}

const badgePaths: Record<Exclude<ResultTone, 'pending'>, string> = {
  success: 'm5 12.5 4.5 4.5L19 7.5',
  failed: 'M18 6 6 18M6 6l12 12',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
};

interface ResultCardProps {
  tone: ResultTone;
  title: string;
  /** A provider id (`stripe`…), shown by its name in the payment namespace. */
  provider?: string | null;
  /** The text under the title (and anything else the result shows). */
  children: ReactNode;
  actions: ResultAction[];
}

/** The look of every payment, transfer and top-up outcome: badge, title, provider, text, ways on. */
export function ResultCard({ tone, title, provider, children, actions }: ResultCardProps) {
  const { t } = useTranslation('payment');
  return (
    <div className="container result">
      <section className={`result__card result__card--${tone}`} aria-labelledby="result-title">
        <span className="result__badge" aria-hidden="true">
          {tone === 'pending' ? (
            <span className="result__spinner" />
          ) : (
            <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
              <path d={badgePaths[tone]} />
            </svg>
          )}
        </span>
        <h1 id="result-title">{title}</h1>
        {provider && (
          <p className="result__provider">
            {t('providerLabel')}: <strong data-testid="result-provider">{t(`providers.${provider}`)}</strong>
          </p>
        )}
        {children}
        {actions.length > 0 && (
          <div className="result__actions">
            {actions.map((action, index) => (
              <Link key={action.to} className={`btn btn--lg ${index === 0 ? 'btn--primary' : 'btn--secondary'}`} to={action.to}>
                {action.label}
              </Link>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

/** A payment, transfer or top-up outcome; provider return routes name the provider in the path. */
export function ResultPage({ kind, children }: { kind: ResultKind; children?: ReactNode }) {
  const { t } = useTranslation('payment');
  const provider = useProviderFromPath();
  const actions: ResultAction[] = actionsOf[kind].map(([to, key]) => ({ to, label: t(key) }));
  return (
    <ResultCard tone={kind.endsWith('Success') ? 'success' : 'failed'} title={t(`results.${kind}.title`)} provider={provider} actions={actions}>
      {children ?? <p className="result__text">{t(`results.${kind}.text`, { provider: provider ? t(`providers.${provider}`) : '' })}</p>}
    </ResultCard>
  );
}
