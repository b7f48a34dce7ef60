import { whatsappCodeLength } from '@numbernest/contracts/whatsapp';
import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field/FormField';
import { Loader } from '@/components/loader/Loader';
import { Modal } from '@/components/modal/Modal';
import { Panel } from '@/components/panel/Panel';
import { useToast } from '@/components/toast/toast-context';
import { ApiError, retryAt } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { useConfirmWhatsAppCode } from '@/features/account/api/use-confirm-whatsapp-code';
import { useRemoveWhatsApp } from '@/features/account/api/use-remove-whatsapp';
import { useSendWhatsAppCode } from '@/features/account/api/use-send-whatsapp-code';
import { useWhatsApp } from '@/features/account/api/use-whatsapp';
import { codeDigits, exampleNumber, likelyCountry, looksLikeNumber } from './whatsapp-number';

/** After a code is sent, "Send again" waits this long, so a slow message does not use up the hour's few codes. */
const resendPauseMs = 30_000;

/** The current time, ticking each second until `until` (for the countdown of "Send again"). */
function useNowUntil(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

type Busy = 'send' | 'confirm' | 'remove' | null;

/**
 * Account setting -> WhatsApp: verify a number with a 6-digit code sent to it by WhatsApp (SMS
 * forwarding and the chat bot use it), see it, change it, remove it. A code waiting on the server
 * (GET) brings back the code step after a reload.
 */
export function WhatsAppSettings() {
  const { t, i18n } = useTranslation('account');
  const { t: te } = useTranslation('errors');
  const { t: tv } = useTranslation('validation');
  const toast = useToast();
  const { data, error, mutate } = useWhatsApp();
  const sendCode = useSendWhatsAppCode();
  const confirmCode = useConfirmWhatsAppCode();
  const removeNumber = useRemoveWhatsApp();

  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  /** The number form open while a number is verified ("Change number"). */
  const [changing, setChanging] = useState(false);
  /** The number form instead of a waiting code ("Use another number"). */
  const [anotherNumber, setAnotherNumber] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [nextSendAt, setNextSendAt] = useState(0);
  /** The server's words for a 429, shown until its Retry-After has passed. */
  const [limited, setLimited] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState(false);
  const now = useNowUntil(nextSendAt);
  const [country] = useState(() => likelyCountry(i18n.language));
  const example = exampleNumber(country);

  const state = data?.data;
  const pending = anotherNumber ? null : (state?.pending ?? null);
  const showNumberForm = !pending && (!state?.number || changing);
  const waitSeconds = Math.max(0, Math.ceil((nextSendAt - now) / 1000));
  const canSend = busy === null && waitSeconds === 0;
  const limitText = limited && waitSeconds > 0 ? limited : null;

  function resetForms() {
    setNumber('');
    setNumberError(null);
    setCode('');
    setCodeError(null);
    setSendError(null);
    setChanging(false);
    setAnotherNumber(false);
  }

  async function send(target: string) {
    if (!canSend) return;
    setBusy('send');
    setSendError(null);
    setNumberError(null);
    setCodeError(null);
    try {
      await sendCode(target.trim());
      setCode('');
      setAnotherNumber(false);
      setLimited(null);
      setNextSendAt(Date.now() + resendPauseMs);
      toast.success(t('settings.whatsapp.codeSent'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) setSendError(t('settings.whatsapp.sendFailed'));
      else if (failure.status === 429) {
        setLimited(serverErrorText(te, failure));
        setNextSendAt(Date.parse(retryAt(failure)));
      } else if (failure.status === 400 && fieldErrorsFromServer<'number'>(failure.body).number) {
        const problem = fieldErrorsFromServer<'number'>(failure.body).number!;
        // The server's number check (libphonenumber-js) says "format": in words about a phone number.
        setNumberError('key' in problem && problem.key === 'format' ? t('settings.whatsapp.numberNotValid') : describeValidation(tv, problem));
      } else setSendError(failure.status < 500 || errorCodeOf(failure) ? serverErrorText(te, failure) : t('settings.whatsapp.sendFailed'));
    } finally {
      setBusy(null);
    }
  }

  function submitNumber(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeNumber(number)) return setNumberError(t('settings.whatsapp.numberInvalid', { example }));
    void send(number);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const digits = codeDigits(code);
    if (digits.length !== whatsappCodeLength) return setCodeError(t('settings.whatsapp.codeInvalid', { digits: whatsappCodeLength }));
    setBusy('confirm');
    setCodeError(null);
    setSendError(null);
    try {
      const reply = await confirmCode(digits);
      resetForms();
      toast.success(t('settings.whatsapp.verifiedToast', { number: reply.data.number ?? '' }));
    } catch (failure) {
      const field = failure instanceof ApiError ? fieldErrorsFromServer<'code'>(failure.body).code : undefined;
      if (failure instanceof ApiError && errorCodeOf(failure)?.startsWith('WHATSAPP_')) setCodeError(serverErrorText(te, failure));
      else if (field) setCodeError(describeValidation(tv, field));
      else setCodeError(t('settings.whatsapp.confirmFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    setRemoveError(false);
    try {
      await removeNumber();
      setConfirmRemove(false);
      resetForms();
      toast.success(t('settings.whatsapp.removed'));
    } catch {
      setRemoveError(true);
    } finally {
      setBusy(null);
    }
  }

  const sendProblem = (limitText ?? sendError) && (
    <div className="whatsapp__problem" role="alert">
      {limitText ? (
        <>
          <p>{limitText}</p>
          <p>{t('settings.whatsapp.limitedUntil', { time: formatDateTime(new Date(nextSendAt).toISOString(), i18n.language) })}</p>
        </>
      ) : (
        <p>{sendError}</p>
      )}
    </div>
  );

  return (
    <Panel title={t('settings.whatsapp.title')} className="whatsapp">
      <div className="whatsapp__body">
        <p className="whatsapp__lead">{t('settings.whatsapp.lead')}</p>

        {!data ? (
          error ? (
            <div className="settings-error">
              <p>{t('settings.whatsapp.loadError')}</p>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => void mutate()}>
                {t('settings.retry')}
              </button>
            </div>
          ) : (
            <Loader block />
          )
        ) : (
          <>
            {state?.number ? (
              <div className="whatsapp__verified">
                <div className="whatsapp__verified-text">
                  <p className="whatsapp__label">{t('settings.whatsapp.verified')}</p>
                  <p className="whatsapp__number" data-testid="whatsapp-number">
                    {state.number}
                  </p>
                  {state.verified_at ? (
                    <p className="whatsapp__muted">{t('settings.whatsapp.verifiedAt', { date: formatDateTime(state.verified_at, i18n.language) })}</p>
                  ) : null}
                </div>
                <div className="whatsapp__actions">
                  {!changing && !pending ? (
                    <button type="button" className="btn btn--secondary btn--sm" onClick={() => setChanging(true)}>
                      {t('settings.whatsapp.change')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn--danger btn--sm"
                    aria-label={t('settings.whatsapp.removeNamed', { number: state.number })}
                    onClick={() => {
                      setRemoveError(false);
                      setConfirmRemove(true);
                    }}
                  >
                    {t('settings.whatsapp.remove')}
                  </button>
                </div>
              </div>
            ) : null}

            {pending ? (
              <form className="whatsapp__form whatsapp__form--code" onSubmit={(event) => void submitCode(event)} noValidate>
                <p className="whatsapp__muted" role="status">
                  {t('settings.whatsapp.sentTo', { number: pending.number, time: formatDateTime(pending.expires_at, i18n.language) })}
                </p>
                <div className="whatsapp__row">
                  <FormField
                    id="whatsapp-code"
                    label={t('settings.whatsapp.code')}
                    error={codeError ?? undefined}
                    hint={t('settings.whatsapp.codeHint', { digits: whatsappCodeLength })}
                    inputProps={{
                      value: code,
                      inputMode: 'numeric',
                      autoComplete: 'one-time-code',
                      placeholder: '123456',
                      onChange: (event) => setCode(codeDigits(event.target.value)),
                    }}
                  />
                  <button type="submit" className="btn btn--primary" disabled={busy !== null}>
                    {t(busy === 'confirm' ? 'settings.whatsapp.confirming' : 'settings.whatsapp.confirm')}
                  </button>
                </div>
                <div className="whatsapp__actions">
                  <button type="button" className="btn btn--secondary btn--sm" disabled={!canSend} onClick={() => void send(pending.number)}>
                    {busy === 'send'
                      ? t('settings.whatsapp.sending')
                      : waitSeconds > 0 && !limitText
                        ? t('settings.whatsapp.resendIn', { seconds: waitSeconds })
                        : t('settings.whatsapp.resend')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => {
                      setAnotherNumber(true);
                      setNumber(pending.number);
                      setCodeError(null);
                      setSendError(null);
                    }}
                  >
                    {t('settings.whatsapp.otherNumber')}
                  </button>
                </div>
                {sendProblem}
              </form>
            ) : null}

            {showNumberForm ? (
              <form className="whatsapp__form" onSubmit={submitNumber} noValidate>
                <div className="whatsapp__row">
                  <FormField
                    id="whatsapp-number"
                    label={t('settings.whatsapp.number')}
                    error={numberError ?? undefined}
                    hint={t('settings.whatsapp.numberHint', { example })}
                    inputProps={{
                      type: 'tel',
                      value: number,
                      inputMode: 'tel',
                      autoComplete: 'tel',
                      maxLength: 32,
                      placeholder: example,
                      onChange: (event) => setNumber(event.target.value),
                    }}
                  />
                  <button type="submit" className="btn btn--primary" disabled={!canSend}>
                    {busy === 'send'
                      ? t('settings.whatsapp.sending')
                      : waitSeconds > 0 && !limitText
                        ? t('settings.whatsapp.sendIn', { seconds: waitSeconds })
                        : t('settings.whatsapp.send')}
                  </button>
                </div>
                {changing || anotherNumber ? (
                  <div className="whatsapp__actions">
                    <button type="button" className="btn btn--ghost btn--sm" onClick={resetForms}>
                      {t('settings.whatsapp.cancel')}
                    </button>
                  </div>
                ) : null}
                {sendProblem}
              </form>
            ) : null}
          </>
        )}
      </div>

      {confirmRemove && state?.number ? (
        <Modal
          title={t('settings.whatsapp.removeTitle')}
          onClose={() => busy !== 'remove' && setConfirmRemove(false)}
          footer={
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setConfirmRemove(false)} disabled={busy === 'remove'}>
                {t('settings.whatsapp.cancel')}
              </button>
              <button type="button" className="btn btn--danger" onClick={() => void remove()} disabled={busy === 'remove'}>
                {t('settings.whatsapp.remove')}
              </button>
            </>
          }
        >
          <p>{t('settings.whatsapp.removeText', { number: state.number })}</p>
          {removeError ? (
            <p className="danger__error" role="alert">
              {t('settings.whatsapp.removeFailed')}
            </p>
          ) : null}
        </Modal>
      ) : null}
    </Panel>
  );
}
