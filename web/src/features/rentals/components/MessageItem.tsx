import type { ForwardingDelivery, Message } from '@numbernest/contracts';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { usd } from '@/lib/money';
import { formatDateTime } from '@/lib/dates';
import { rentalPagePath } from '@/lib/paths';
import { OtpCode } from './OtpCode';
import './rentals.css';

interface MessageItemProps {
  message: Message;
  /** Dashboard lists: a link to the number it came to (or was sent from). */
  withNumber?: boolean;
  /** Code size: large on a rental page, medium in dashboard lists. */
  codeSize?: 'lg' | 'md';
}

/**
 * One SMS: who sent it (or to whom it went), when, its code large with Copy, and the body. The body
 * is plain text from a stranger: React renders it as text, never as HTML. A Sent message shows what
 * it cost, or that it was not sent and its price went back. An inbox message whose sender is not
 * one the service sends from (only its text matched) is shown collapsed, as a message and never as
 * a code to copy: it is not the number's code. A text longer than the server keeps says so, with its
 * length as received.
 */
export function MessageItem({ message, withNumber = false, codeSize = 'lg' }: MessageItemProps) {
  const { t, i18n } = useTranslation('rentals');
  const inbox = message.box === 'inbox';
  const ourNumber = inbox ? message.to : message.from;
  // Sent messages: sending (paid, the SMS provider not answered yet), sent, or failed (refunded).
  const status = inbox ? undefined : message.status;
  const unverified = inbox && message.verified === false;
  if (unverified) return <OtherSenderMessage message={message} withNumber={withNumber} />;
  return (
    <li
      className={`message message--${message.box}${status ? ` message--${status}` : ''}`}
      data-testid="message-row"
      data-box={message.box}
      data-id={message.id}
      data-status={status}
      data-verified={inbox ? 'true' : undefined}
    >
      <div className="message__head">
        <span className="message__party">{inbox ? t('message.from', { from: message.from }) : t('message.to', { to: message.to })}</span>
        <time className="message__time" dateTime={message.created_at}>
          {formatDateTime(message.created_at, i18n.language)}
        </time>
      </div>
      {message.code && <OtpCode code={message.code} size={codeSize} />}
      <p className="message__body" data-testid="message-body">
        {message.body}
      </p>
      {message.received_length !== undefined && (
        <p className="message__cut" data-testid="message-cut">
          {t('message.cut', { length: message.received_length.toLocaleString(i18n.language) })}
        </p>
      )}
      {(withNumber || message.price !== null || status) && (
        <div className="message__foot">
          {withNumber && (
            <Link className="message__number" to={rentalPagePath(message.rental_id)}>
              {t(inbox ? 'message.onNumber' : 'message.fromNumber', { number: ourNumber })}
            </Link>
          )}
          {status === 'failed' ? (
            <span className="message__status message__status--failed" data-testid="message-status">
              {t('message.failed', { amount: usd(message.price ?? 0) })}
            </span>
          ) : (
            <>
              {status === 'sending' && (
                <span className="message__status message__status--sending" data-testid="message-status">
                  {t('message.sending')}
                </span>
              )}
              {message.price !== null && (
                <span className="message__price">
                  {message.segments
                    ? t('message.priceSegments', { amount: usd(message.price), count: message.segments })
                    : t('message.price', { amount: usd(message.price) })}
                </span>
              )}
            </>
          )}
        </div>
      )}
      {inbox && message.forwarding && message.forwarding.length > 0 && <ForwardingLine deliveries={message.forwarding} />}
    </li>
  );
}

/** Where the SMS was forwarded (e-mail, …): each channel with its state, in words (not colour alone). */
function ForwardingLine({ deliveries }: { deliveries: ForwardingDelivery[] }) {
  const { t } = useTranslation('rentals');
  return (
    <p className="message__forwarding" data-testid="message-forwarding">
      <span className="message__forwarding-label">{t('message.forwarding.label')}</span>
      {deliveries.map((delivery) => {
        const key = delivery.status === 'queued' && delivery.attempts > 0 ? 'retrying' : delivery.status;
        return (
          <span
            key={delivery.channel}
            className={`message__forward message__forward--${delivery.status}`}
            data-testid={`message-forward-${delivery.channel}`}
            data-status={delivery.status}
          >
            <span aria-hidden="true">{delivery.status === 'sent' ? '✓' : delivery.status === 'failed' ? '✕' : '…'} </span>
            {t(`message.forwarding.${key}`, { channel: t(`message.forwarding.channels.${delivery.channel}`), count: delivery.attempts })}
          </span>
        );
      })}
    </p>
  );
}

/**
 * An SMS whose sender the rental's service does not use: collapsed under who sent it, its text
 * (with any digits in it) only on opening, never a large code with Copy.
 */
function OtherSenderMessage({ message, withNumber }: { message: Message; withNumber: boolean }) {
  const { t, i18n } = useTranslation('rentals');
  return (
    <li className="message message--inbox message--other" data-testid="message-row" data-box="inbox" data-id={message.id} data-verified="false">
      <details className="message__other">
        <summary className="message__head message__other-summary" data-testid="message-other-summary">
          <span className="message__party">
            {t('message.from', { from: message.from })}
            <span className="message__flag" data-testid="message-unverified" title={t('message.unverifiedHint')}>
              {t('message.unverified')}
            </span>
          </span>
          <time className="message__time" dateTime={message.created_at}>
            {formatDateTime(message.created_at, i18n.language)}
          </time>
        </summary>
        <p className="message__other-hint">{t('message.otherHint')}</p>
        <p className="message__body" data-testid="message-body">
          {message.body}
        </p>
        {message.received_length !== undefined && (
          <p className="message__cut" data-testid="message-cut">
            {t('message.cut', { length: message.received_length.toLocaleString(i18n.language) })}
          </p>
        )}
      </details>
      {withNumber && (
        <div className="message__foot">
          <Link className="message__number" to={rentalPagePath(message.rental_id)}>
            {t('message.onNumber', { number: message.to })}
          </Link>
        </div>
      )}
    </li>
  );
}
