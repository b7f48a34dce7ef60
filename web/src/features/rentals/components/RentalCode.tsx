import type { Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { usd } from '@/lib/money';
import { serviceLabel } from '@/features/rentals/format';
import { ActivationActions } from './ActivationActions';
import { OtpCode } from './OtpCode';
import { RentalTimers } from './RentalTimers';
import './rentals.css';

/**
 * What the renter came for, first on the page: the last code large with Copy (only a code from a
 * sender the service uses: the rental's `last_message`), or the waiting state; the live deadlines;
 * and an activation's own actions.
 */
export function RentalCode({ rental }: { rental: Rental }) {
  const { t, i18n } = useTranslation('rentals');
  const active = rental.status === 'active';
  const last = rental.last_message;
  const waitingForAnother = active && rental.another_code_requested === true;
  const service = serviceLabel(t, rental);

  let state: 'code' | 'message' | 'waiting' | 'none';
  if (last && !waitingForAnother) state = last.code ? 'code' : 'message';
  else state = active ? 'waiting' : 'none';

  return (
    <div className="rental-code" data-testid="rental-code" data-state={state}>
      {rental.reported && (
        <div className="rental-note rental-note--success" role="status" data-testid="rental-reported">
          <p className="rental-note__title">{t(`reported.${rental.reported}`)}</p>
          <p>{t('reported.text', { amount: usd(rental.price), service })}</p>
        </div>
      )}
      {state === 'code' && last && (
        <div className="rental-code__current">
          <OtpCode code={last.code!} size="lg" />
          <p className="rental-code__meta">
            {t('code.from', { from: last.from })} · <time dateTime={last.received_at}>{formatDateTime(last.received_at, i18n.language)}</time>
          </p>
        </div>
      )}
      {state === 'message' && last && (
        <div className="rental-code__current">
          <p className="rental-code__title">{t('code.noCodeInMessage', { from: last.from })}</p>
          <p className="rental-code__body">{last.body}</p>
        </div>
      )}
      {state === 'waiting' && (
        <div className="conversation-empty conversation-empty--waiting rental-code__waiting" data-testid="rental-code-waiting">
          <span className="conversation-empty__pulse" aria-hidden="true" />
          <p className="conversation-empty__title">{waitingForAnother ? t('code.waitingAnother') : t('code.waiting', { service })}</p>
          <p className="conversation-empty__text">
            {waitingForAnother && last?.code ? t('code.spent', { code: last.code }) : t('conversation.waitingText', { number: rental.number })}
          </p>
        </div>
      )}
      {state === 'none' && !rental.reported && (
        <p className="rental-code__title" data-testid="rental-code-none">
          {t('code.none')}
        </p>
      )}
      <RentalTimers rental={rental} />
      <ActivationActions rental={rental} />
    </div>
  );
}
