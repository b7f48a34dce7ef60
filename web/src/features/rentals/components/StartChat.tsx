import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { insufficientFundsReplySchema, maxSmsBodyLength, sendMessageRequestSchema, type Rental } from '@numbernest/contracts';
import { countryName, quoteSms, smsCountries, smsDailyDestinationCap, smsDailySegmentCap } from '@numbernest/core/sms-tariff';
import { ApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-errors';
import { usd } from '@/lib/money';
import { WalletAlert } from '@/components/wallet-alert/WalletAlert';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useSendMessage } from '@/features/rentals/api/use-send-message';
import { rentalPagePath } from '@/lib/paths';
import { SendIcon } from './icons';
import { Shortfall } from './Shortfall';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';
import './rentals.css';

/**
 * Start Chat of a Private number: an SMS to a number (E.164) in a country of the tariff, priced
 * before it goes by the very function the server charges with (`@numbernest/core/sms-tariff`):
 * the destination's price per SMS as the number is typed, then "2 SMS · $0.10". A country not
 * offered and a text over the per-message cap are said before sending; the daily caps are stated,
 * and a 429 shows the server's words. Each attempt has its own Idempotency-Key; pressing Send again
 * after a network error sends the same key, so it is sent and charged once. The sent message then
 * shows in the conversation (box 'sent').
 */
export function StartChat({ rental }: { rental: Rental }) {
  const { t, i18n } = useTranslation('rentals');
  const { t: te } = useTranslation('errors');
  const toId = useId();
  const bodyId = useId();
  const { trigger, isMutating } = useSendMessage(rental.id);
  const [to, setTo] = useState('');
  const [body, setBody] = useState('');
  const [toTouched, setToTouched] = useState(false);
  const [shortfall, setShortfall] = useState<number | null>(null);
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null);
  const [sentTo, setSentTo] = useState<{ to: string; pendingCents?: number } | null>(null);
  const attemptKey = useRef<string | null>(null);

  const active = rental.status === 'active';
  // What the server will count: the trimmed text (the request schema trims it).
  const text = body.trim();
  const quote = quoteSms(to, text);
  const { segments, destination } = quote;
  const priceCents = quote.priceCents ?? 0;
  const parsed = sendMessageRequestSchema.safeParse({ to, body });
  const toInvalid = !sendMessageRequestSchema.shape.to.safeParse(to).success;
  const countries = smsCountries
    .map((country) => countryName(country, i18n.language))
    .sort((a, b) => a.localeCompare(b, i18n.language))
    .join(', ');
  // A full E.164 number is judged at once; a shorter one only once the field is left.
  const toError =
    to.trim() === rental.number
      ? t('startChat.toSelf')
      : !toInvalid && !destination.supported
        ? t('startChat.notOffered', { countries })
        : toTouched && to.trim() !== '' && toInvalid
          ? t('startChat.toInvalid')
          : undefined;
  const canSend = active && parsed.success && parsed.data.to !== rental.number && destination.supported && !isMutating;

  const edit = (change: () => void) => {
    change();
    // Another text or number is another request: it gets its own key.
    attemptKey.current = null;
    setShortfall(null);
    setError(null);
    setSentTo(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setToTouched(true);
    if (!canSend || !parsed.success) return;
    setError(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const reply = await trigger({ ...parsed.data, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      setBody('');
      // 202: Twilio did not confirm it yet; it is settled later (and refunded if it did not go).
      setSentTo(reply.data.status === 'sending' ? { to: parsed.data.to, pendingCents: Math.round((reply.data.price ?? 0) * 100) } : { to: parsed.data.to });
    } catch (failure) {
      // No answer: it may or may not have gone. The same key makes pressing again safe.
      if (!(failure instanceof ApiError)) return setError({ text: t('errors.offline') });
      attemptKey.current = null;
      if (failure.status === 402) {
        const short = insufficientFundsReplySchema.safeParse(failure.body);
        return setShortfall(short.success ? short.data.shortfall : priceCents / 100);
      }
      if (failure.status === 502) return setError({ text: t('startChat.notSent'), detail: serverErrorText(te, failure) });
      if (failure.status === 429) return setError({ text: t('startChat.limited'), detail: serverErrorText(te, failure) });
      if (failure.status === 409) return setError({ text: t('startChat.ended'), detail: serverErrorText(te, failure) });
      setError({ text: t('startChat.failed'), detail: serverErrorText(te, failure) });
    }
  };

  return (
    <form className="rental-chat-form" data-testid="start-chat" onSubmit={(event) => void submit(event)} noValidate>
      <div className="rental-chat">
        <span className="rental-chat__icon" aria-hidden="true">
          <SendIcon size={20} />
        </span>
        <p className="rental-chat__text">{active ? t('startChat.intro', { number: rental.number, countries }) : t('startChat.inactive')}</p>
      </div>
      <div className={`field${toError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={toId}>
          {t('startChat.to')}
        </label>
        <input
          id={toId}
          className="field__control"
          data-testid="chat-to"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+14155550100"
          value={to}
          disabled={!active || isMutating}
          aria-invalid={toError ? true : undefined}
          aria-describedby={toError ? `${toId}-error` : undefined}
          onChange={(event) => edit(() => setTo(event.target.value))}
          onBlur={() => setToTouched(true)}
        />
        {toError ? (
          <p className="field__error" id={`${toId}-error`} data-testid="chat-to-error">
            {toError}
          </p>
        ) : (
          destination.supported && (
            <p className="field__hint" data-testid="chat-rate" data-cents={destination.segmentCents}>
              {t('startChat.rate', { country: countryName(destination.country, i18n.language), amount: usd(destination.segmentCents / 100) })}
            </p>
          )
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={bodyId}>
          {t('startChat.body')}
        </label>
        <textarea
          id={bodyId}
          className="field__control rental-chat-form__body"
          data-testid="chat-body"
          rows={4}
          maxLength={maxSmsBodyLength}
          value={body}
          disabled={!active || isMutating}
          aria-describedby={`${bodyId}-price`}
          onChange={(event) => edit(() => setBody(event.target.value))}
        />
        <div className="field__meta" id={`${bodyId}-price`}>
          <span className="field__hint" data-testid="chat-encoding">
            {segments.segments === 0
              ? t('startChat.caps', { segments: smsDailySegmentCap, numbers: smsDailyDestinationCap })
              : t(segments.encoding === 'UCS-2' ? 'startChat.leftUnicode' : 'startChat.left', { count: segments.remaining })}
          </span>
          <strong className="rental-chat-form__price" data-testid="chat-price" data-segments={segments.segments} data-cents={quote.priceCents ?? ''}>
            {quote.priceCents === null
              ? t('startChat.segments', { count: segments.segments })
              : t('startChat.price', { count: segments.segments, amount: usd(priceCents / 100) })}
          </strong>
        </div>
      </div>
      {shortfall !== null && <Shortfall amount={shortfall} returnTo={rentalPagePath(rental.id)} testId="chat-shortfall" />}
      {error && <WalletAlert detail={error.detail}>{error.text}</WalletAlert>}
      {sentTo && (
        <p className="rental-chat-form__sent" role="status" data-testid="chat-sent">
          {sentTo.pendingCents === undefined
            ? t('startChat.sent', { to: sentTo.to })
            : t('startChat.pending', { to: sentTo.to, amount: usd(sentTo.pendingCents / 100) })}
        </p>
      )}
      <Button type="submit" variant="primary" data-testid="chat-send" disabled={!canSend} busy={isMutating}>
        {isMutating
          ? t('startChat.sending')
          : segments.segments > 0 && quote.priceCents !== null
            ? t('startChat.sendFor', { amount: usd(priceCents / 100) })
            : t('startChat.send')}
      </Button>
    </form>
  );
}
