import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Rental } from '@numbernest/contracts';
import { usd } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { serviceLabel } from '@/features/rentals/format';
import { CopyButton } from './CopyButton';
import { Countdown } from './Countdown';
import { CountryLabel } from './CountryLabel';
import { StatusBadge } from './StatusBadge';
import '@/styles/facts.css';
import './rentals.css';

/** Number Details: the number with Copy, country, service, type, status, dates with the countdown, price paid. */
export function NumberFacts({ rental }: { rental: Rental }) {
  const { t, i18n } = useTranslation('rentals');
  const date = (iso: string) => (
    <time dateTime={iso} className="rental-facts__date">
      {formatDateTime(iso, i18n.language)}
    </time>
  );
  const rows: Array<[key: string, value: ReactNode]> = [
    ['country', <CountryLabel country={rental.country} />],
    ['service', serviceLabel(t, rental)],
    ['type', t(`types.${rental.type}`)],
    ['status', <StatusBadge rental={rental} />],
    ['started', date(rental.started_at)],
    [rental.status === 'active' ? 'expires' : 'paidUntil', date(rental.expires_at)],
    ['timeLeft', <Countdown rental={rental} />],
    ['price', <span className="rental-facts__money">{usd(rental.price)}</span>],
    ['messages', <span data-testid="rental-messages-count">{rental.messages_count}</span>],
  ];
  return (
    <div className="rental-facts">
      <div className="rental-facts__number-row">
        <span className="rental-facts__number" data-testid="rental-number">
          {rental.number}
        </span>
        <CopyButton text={rental.number} label={t('copy.number', { number: rental.number })} testId="rental-number-copy" />
      </div>
      <dl className="facts">
        {rows.map(([key, value]) => (
          <div key={key} className="facts__row">
            <dt>{t(`details.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
