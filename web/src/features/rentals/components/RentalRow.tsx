import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router-dom';
import type { Rental } from '@numbernest/contracts';
import { countryName } from '@/lib/catalog/localized-countries';
import { serviceLabel } from '@/features/rentals/format';
import { rentalPagePath } from '@/lib/paths';
import { Countdown } from './Countdown';
import { Flag } from './Flag';
import { RentalActions } from './RentalActions';
import { StatusBadge } from './StatusBadge';
import './rentals.css';

/** Clicks on the row open the rental, except on its own links, buttons and dialogs. */
const isOwnControl = (event: MouseEvent<HTMLElement>) => {
  const target = event.target as HTMLElement;
  // Dialogs are portals: React bubbles their clicks here although the row does not contain them.
  return !event.currentTarget.contains(target) || Boolean(target.closest('a, button, select, input, label'));
};

function Cell({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div className={`rental-row__cell ${className}`}>
      <span className="rental-row__label">{label}</span>
      <span className="rental-row__value">{children}</span>
    </div>
  );
}

/**
 * One rental in My Number / Manage Number: number, country, service, type, status, live time left,
 * messages and the last code; a click opens its page. Manage Number adds Extend and Close.
 */
export function RentalRow({ rental, withActions = false }: { rental: Rental; withActions?: boolean }) {
  const { t, i18n } = useTranslation('rentals');
  const navigate = useNavigate();
  const path = rentalPagePath(rental.id);
  const code = rental.last_message?.code ?? null;
  return (
    <li
      className={`rental-row${withActions ? ' rental-row--actions' : ''}`}
      data-testid="rental-row"
      data-status={rental.status}
      data-id={rental.id}
      onClick={(event) => {
        if (!isOwnControl(event)) void navigate(path);
      }}
    >
      <div className="rental-row__cell rental-row__who">
        <Flag code={rental.country.code} />
        <span className="rental-row__identity">
          <Link to={path} className="rental-row__number" data-testid="rental-number">
            {rental.number}
          </Link>
          <span className="rental-row__country">{countryName(rental.country, i18n.language)}</span>
        </span>
      </div>
      <Cell label={t('list.service')} className="rental-row__service">
        {serviceLabel(t, rental)}
      </Cell>
      <Cell label={t('list.type')} className="rental-row__type">
        {t(`types.${rental.type}`)}
      </Cell>
      <Cell label={t('list.status')} className="rental-row__status">
        <StatusBadge rental={rental} />
      </Cell>
      <Cell label={t('list.timeLeft')} className="rental-row__time">
        <Countdown rental={rental} />
      </Cell>
      <Cell label={t('list.messages')} className="rental-row__count">
        <span data-testid="rental-messages-count">{rental.messages_count}</span>
      </Cell>
      <Cell label={t('list.lastCode')} className="rental-row__code">
        {code ? (
          <span className="rental-row__otp" data-testid="rental-last-code">
            {code}
          </span>
        ) : (
          <span className="rental-row__none">{t('list.noCode')}</span>
        )}
      </Cell>
      {withActions && rental.status === 'active' && (
        <div className="rental-row__actions">
          <RentalActions rental={rental} />
        </div>
      )}
    </li>
  );
}
