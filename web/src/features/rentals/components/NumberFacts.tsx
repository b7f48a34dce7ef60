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
    ['messages', <MessagesCount rental={rental} />],
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

/**
 * Every message the page lists: codes from the service, SMS from senders it does not use (shown
 * collapsed), and those sent from the number; the parts are named when there is more than codes.
 */
function MessagesCount({ rental }: { rental: Rental }) {
  const { t } = useTranslation('rentals');
  const other = rental.other_messages_count ?? 0;
  const total = rental.messages_count + other + rental.sent_count;
  const parts = [
    ...(rental.messages_count ? [t('details.messagesParts.codes', { count: rental.messages_count })] : []),
    ...(other ? [t('details.messagesParts.other', { count: other })] : []),
    ...(rental.sent_count ? [t('details.messagesParts.sent', { count: rental.sent_count })] : []),
  ];
  return (
    <span className="rental-facts__count">
      <span data-testid="rental-messages-count">{total}</span>
      {parts.length > 1 || other > 0 ? (
        <span className="rental-facts__count-parts" data-testid="rental-messages-parts">
          {parts.join(' · ')}
        </span>
      ) : null}
    </span>
  );
}
