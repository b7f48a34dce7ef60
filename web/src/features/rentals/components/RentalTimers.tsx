import { NumberType, type Rental } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { usd } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { formatRemaining, msUntil } from '@/features/rentals/format';
import { useNow } from '@/features/rentals/use-now';
import './rentals.css';

/**
 * The two deadlines of an active rental, each ticking each second from the shared clock (no
 * request): the refund window (closing unused before it refunds the price) and the end. Each says
 * what happens when it reaches zero, and once it has, what happened. A Temporary activation's
 * refund is its end (unused at the end, it comes back by itself), so it shows one timer.
 */
export function RentalTimers({ rental }: { rental: Rental }) {
  const { t } = useTranslation('rentals');
  const now = useNow();
  if (rental.status !== 'active') return null;
  const temporary = rental.type === NumberType.Temporary;
  const amount = usd(rental.price);
  const unused = rental.messages_count === 0 && rental.sent_count === 0;
  const refundUntil = !temporary && rental.refundable && rental.refundable_until ? rental.refundable_until : null;
  const endKey = temporary ? (unused ? 'temporaryUnused' : 'temporaryUsed') : 'rental';
  return (
    <div className="rental-timers">
      {refundUntil && (
        <Timer
          kind="refund"
          label={t('timers.refund.label')}
          until={refundUntil}
          now={now}
          running={t('timers.refund.running', { amount })}
          over={t('timers.refund.over')}
        />
      )}
      <Timer
        kind="end"
        label={t(temporary ? 'timers.end.activationLabel' : 'timers.end.label')}
        until={rental.expires_at}
        now={now}
        running={t(`timers.end.${endKey}.running`, { amount })}
        over={t(`timers.end.${endKey}.over`, { amount })}
      />
    </div>
  );
}

interface TimerProps {
  kind: 'refund' | 'end';
  label: string;
  until: string;
  now: number;
  /** What happens when it reaches zero. */
  running: string;
  /** What happened, once it has. */
  over: string;
}

function Timer({ kind, label, until, now, running, over }: TimerProps) {
  const { t, i18n } = useTranslation('rentals');
  const left = msUntil(until, now);
  const done = left <= 0;
  return (
    <div
      className={`rental-timer rental-timer--${kind}${done ? ' rental-timer--over' : left < 5 * 60_000 ? ' rental-timer--soon' : ''}`}
      data-testid={`timer-${kind}`}
    >
      <div className="rental-timer__head">
        <span className="rental-timer__label">{label}</span>
        <time
          className="rental-timer__left"
          dateTime={until}
          title={t('time.until', { date: formatDateTime(until, i18n.language) })}
          data-testid={`timer-${kind}-left`}
          data-ms-left={Math.max(0, left)}
        >
          {formatRemaining(t, left)}
        </time>
      </div>
      <p className="rental-timer__text" data-testid={`timer-${kind}-text`}>
        {done ? over : running}
      </p>
    </div>
  );
}
