import type { Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { formatRemaining, msUntil } from '@/features/rentals/format';
import { useNow } from '@/features/rentals/use-now';
import './rentals.css';

const soonMs = 60 * 60_000;

/** Time left of an active rental, ticking each second; "Ended" once it is over. */
export function Countdown({ rental }: { rental: Pick<Rental, 'status' | 'expires_at'> }) {
  const { t } = useTranslation('rentals');
  if (rental.status !== 'active') {
    return (
      <span className="countdown countdown--ended" data-testid="rental-countdown" data-ended="true">
        {t('time.ended')}
      </span>
    );
  }
  return <LiveCountdown expiresAt={rental.expires_at} />;
}

function LiveCountdown({ expiresAt }: { expiresAt: string }) {
  const { t, i18n } = useTranslation('rentals');
  const left = msUntil(expiresAt, useNow());
  return (
    <time
      className={`countdown${left < soonMs ? ' countdown--soon' : ''}`}
      dateTime={expiresAt}
      title={t('time.until', { date: formatDateTime(expiresAt, i18n.language) })}
      data-testid="rental-countdown"
      data-ms-left={Math.max(0, left)}
    >
      {left <= 0 ? t('time.ending') : formatRemaining(t, left)}
    </time>
  );
}
