import { useState } from 'react';
import { Button } from '@/components/button/Button';
import { Loader } from '@/components/loader/Loader';
import { useToast } from '@/components/toast/toast-context';
import { ApiError, retryAt } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { errorCodeOf, serverErrorText } from '@/lib/server-errors';
import { describeValidation, fieldErrorsFromServer } from '@/lib/validation';
import { useConfirmWhatsAppCode } from '@/features/account/api/use-confirm-whatsapp-code';
import { useSendWhatsAppCode } from '@/features/account/api/use-send-whatsapp-code';
import { useWhatsApp } from '@/features/account/api/use-whatsapp';
import { RemoveWhatsAppDialog } from './RemoveWhatsAppDialog';
import { useSendPause } from './use-send-pause';
import { WhatsAppCodeForm, WhatsAppNumberForm } from './WhatsAppForms';
import { exampleNumber, likelyCountry } from './whatsapp-number';
import { SettingsLoadError } from './SettingsLoadError';

/** What the number form shows besides a waiting code: nothing else, a change of the verified number, or another number than the one waiting. */
type Editing = 'none' | 'change' | 'another';

/**
 * The WhatsApp channel's connection: verify a number with a 6-digit code sent to it by WhatsApp (SMS
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
  const pause = useSendPause();
  const [editing, setEditing] = useState<Editing>('none');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [example] = useState(() => exampleNumber(likelyCountry(i18n.language)));

  const state = data?.data;
  const pending = editing === 'another' ? null : (state?.pending ?? null);
  const canSend = busy === null && pause.waitSeconds === 0;
  const countdown = pause.waitSeconds > 0 && !pause.limitText;
  const stopEditing = () => {
    setEditing('none');
    setSendError(null);
  };

  /** Sends a code; the number field's words when the server refused the number itself. */
  async function send(target: string): Promise<string | null> {
    if (!canSend) return null;
    setBusy('send');
    setSendError(null);
    try {
      await sendCode(target.trim());
      setEditing('none');
      pause.sent();
      toast.success(t('settings.whatsapp.codeSent'));
    } catch (failure) {
      const field = failure instanceof ApiError && failure.status === 400 ? fieldErrorsFromServer<'number'>(failure.body).number : undefined;
      // The server's number check (libphonenumber-js) says "format": in words about a phone number.
      if (field) return 'key' in field && field.key === 'format' ? t('settings.whatsapp.numberNotValid') : describeValidation(tv, field);
      if (!(failure instanceof ApiError)) setSendError(t('settings.whatsapp.sendFailed'));
      else if (failure.status === 429) pause.refused(serverErrorText(te, failure), retryAt(failure));
      else setSendError(failure.status < 500 || errorCodeOf(failure) ? serverErrorText(te, failure) : t('settings.whatsapp.sendFailed'));
    } finally {
      setBusy(null);
    }
    return null;
  }

  /** Confirms the code; the code field's words when it was refused. */
  async function confirm(digits: string): Promise<string | null> {
    setBusy('confirm');
    setSendError(null);
    try {
      const reply = await confirmCode(digits);
      stopEditing();
      toast.success(t('settings.whatsapp.verifiedToast', { number: reply.data.number ?? '' }));
      return null;
    } catch (failure) {
      const field = failure instanceof ApiError ? fieldErrorsFromServer<'code'>(failure.body).code : undefined;
      if (failure instanceof ApiError && errorCodeOf(failure)?.startsWith('WHATSAPP_')) return serverErrorText(te, failure);
      return field ? describeValidation(tv, field) : t('settings.whatsapp.confirmFailed');
    } finally {
      setBusy(null);
    }
  }

  const sendProblem = (pause.limitText ?? sendError) && (
    <div className="whatsapp__problem" role="alert">
      {pause.limitText ? (
        <>
          <p>{pause.limitText}</p>
          <p>{t('settings.whatsapp.limitedUntil', { time: formatDateTime(new Date(pause.nextSendAt).toISOString(), i18n.language) })}</p>
        </>
      ) : (
        <p>{sendError}</p>
      )}
    </div>
  );

  if (!data) {
    return error ? <SettingsLoadError text={t('settings.whatsapp.loadError')} onRetry={() => void mutate()} /> : <Loader block />;
  }

  return (
    <div className="whatsapp__body">
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
            {editing === 'none' && !pending ? (
              <Button size="sm" onClick={() => setEditing('change')}>
                {t('settings.whatsapp.change')}
              </Button>
            ) : null}
            <Button variant="danger" size="sm" aria-label={t('settings.whatsapp.removeNamed', { number: state.number })} onClick={() => setRemoving(true)}>
              {t('settings.whatsapp.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="whatsapp__lead">{t('settings.whatsapp.lead')}</p>
      )}

      {pending ? (
        <WhatsAppCodeForm
          key={pending.number}
          sentTo={t('settings.whatsapp.sentTo', { number: pending.number, time: formatDateTime(pending.expires_at, i18n.language) })}
          busy={busy !== null}
          confirming={busy === 'confirm'}
          onConfirm={confirm}
        >
          <div className="whatsapp__actions">
            <Button size="sm" disabled={!canSend} onClick={() => void send(pending.number)}>
              {busy === 'send'
                ? t('settings.whatsapp.sending')
                : countdown
                  ? t('settings.whatsapp.resendIn', { seconds: pause.waitSeconds })
                  : t('settings.whatsapp.resend')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing('another');
                setSendError(null);
              }}
            >
              {t('settings.whatsapp.otherNumber')}
            </Button>
          </div>
          {sendProblem}
        </WhatsAppCodeForm>
      ) : null}

      {!pending && (!state?.number || editing !== 'none') ? (
        <WhatsAppNumberForm
          key={editing}
          initial={editing === 'another' ? (state?.pending?.number ?? '') : ''}
          example={example}
          canSend={canSend}
          submitLabel={
            busy === 'send'
              ? t('settings.whatsapp.sending')
              : countdown
                ? t('settings.whatsapp.sendIn', { seconds: pause.waitSeconds })
                : t('settings.whatsapp.send')
          }
          onSend={send}
        >
          {editing !== 'none' ? (
            <div className="whatsapp__actions">
              <Button variant="ghost" size="sm" onClick={stopEditing}>
                {t('settings.whatsapp.cancel')}
              </Button>
            </div>
          ) : null}
          {sendProblem}
        </WhatsAppNumberForm>
      ) : null}

      {removing && state?.number ? (
        <RemoveWhatsAppDialog
          number={state.number}
          onClose={() => setRemoving(false)}
          onRemoved={() => {
            setRemoving(false);
            stopEditing();
          }}
        />
      ) : null}
    </div>
  );
}
