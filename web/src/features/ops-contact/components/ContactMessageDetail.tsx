import { useState, type FormEvent } from 'react';
import type { ContactMessage } from '@numbernest/contracts/ops';
import { FormField } from '@/components/form-field/FormField';
import { useToast } from '@/components/toast/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-errors';
import { markContactMessageHandled } from '@/features/ops-contact/api/mark-contact-message-handled';
import { replyToContactMessage } from '@/features/ops-contact/api/reply-to-contact-message';
import { Button } from '@/components/button/Button';

interface ContactMessageDetailProps {
  message: ContactMessage;
  /** The message after an answer or "handled", as the server answered. */
  onChanged: (message: ContactMessage) => void;
}

const replyLimit = 5000;

/** One message: who wrote what, the answers sent so far, and the answer form (e-mailed to the sender). */
export function ContactMessageDetail({ message, onChanged }: ContactMessageDetailProps) {
  const { t, i18n } = useTranslation(['ops-contact', 'ops']);
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState<'reply' | 'handled' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);

  const failed = (failure: unknown) => setError(failure instanceof ApiError ? serverErrorText(te, failure) : t('offline'));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (body.trim().length < 2) return setBodyError(t('reply.tooShort'));
    setBodyError(null);
    setError(null);
    setBusy('reply');
    try {
      const reply = await replyToContactMessage(message.id, { body: body.trim() });
      setBody('');
      toast.success(t('reply.sent', { email: message.email }));
      onChanged(reply.data);
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(null);
    }
  };

  const markHandled = async () => {
    if (busy) return;
    setError(null);
    setBusy('handled');
    try {
      const reply = await markContactMessageHandled(message.id);
      toast.success(t('handledDone'));
      onChanged(reply.data);
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className="ops-contact__detail" aria-labelledby={`contact-${message.id}-subject`} data-testid="contact-message-detail">
      <header className="ops-contact__detail-head">
        <h3 id={`contact-${message.id}-subject`}>{message.subject}</h3>
        <p className="ops-contact__from">
          {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, i18n.language)}</time>
        </p>
        {message.status === 'handled' && message.handled_by && (
          <p className="ops-contact__handled">
            {t('handledBy', { email: message.handled_by.email, when: formatDateTime(message.handled_at ?? message.created_at, i18n.language) })}
          </p>
        )}
      </header>
      <p className="ops-contact__text">{message.message}</p>

      {message.replies.length > 0 && (
        <section className="ops-contact__replies" aria-label={t('replies')}>
          <h4>{t('replies')}</h4>
          <ol>
            {message.replies.map((reply) => (
              <li key={reply.id} className="ops-contact__reply">
                <p className="ops-contact__reply-meta">
                  {reply.by.email} · <time dateTime={reply.at}>{formatDateTime(reply.at, i18n.language)}</time>
                </p>
                <p className="ops-contact__text">{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <form className="ops-contact__form" onSubmit={(event) => void send(event)} noValidate>
        <FormField
          id={`contact-${message.id}-reply`}
          label={t('reply.label', { email: message.email })}
          hint={`${body.length} / ${replyLimit}`}
          error={bodyError ?? undefined}
          multiline
          inputProps={{ value: body, rows: 6, maxLength: replyLimit, required: true, onChange: (e) => setBody(e.target.value) }}
        />
        {error && (
          <p className="ops-contact__error" role="alert">
            {error}
          </p>
        )}
        <div className="ops-contact__form-actions">
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {busy === 'reply' ? t('reply.sending') : t('reply.send')}
          </Button>
          {message.status === 'new' && (
            <Button disabled={busy !== null} onClick={() => void markHandled()}>
              {t('markHandled')}
            </Button>
          )}
        </div>
      </form>
    </article>
  );
}
