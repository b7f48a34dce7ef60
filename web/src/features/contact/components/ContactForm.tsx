import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { contactRequestSchema, type ContactRequest } from '@numbernest/contracts';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form/use-schema-form';
import { describeValidation } from '@/lib/validation';
import { useSendContact, type ContactReply } from '@/features/contact/api/use-send-contact';
import { Button } from '@/components/button/Button';
import { FormField } from '@/components/form-field/FormField';

type Field = keyof ContactRequest;
const emptyForm: ContactRequest = { name: '', email: '', subject: '', message: '' };
const messageMax = 5000;

export function ContactForm({ onSent }: { onSent: (reply: ContactReply) => void }) {
  const { t } = useTranslation('contact');
  const { t: tv } = useTranslation('validation');
  const { trigger, isMutating } = useSendContact();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useSchemaForm<Field, ContactRequest>({
    schema: contactRequestSchema,
    initial: emptyForm,
    idPrefix: 'contact',
    // 429: the per-address limit (30 a minute); anything else is the server's fault.
    onFailure: (error, placed) =>
      setFormError(placed ? t('errors.fix') : error instanceof ApiError ? t(error.status === 429 ? 'errors.tooMany' : 'errors.failed') : t('errors.offline')),
  });
  const send = form.submit(async (data) => {
    onSent(await trigger(data));
    form.reset();
  });

  const errorText = (field: Field) => {
    const error = form.errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };

  return (
    <form
      className="contact-form"
      onSubmit={(event) => {
        setFormError(null);
        void send(event);
      }}
      noValidate
      aria-busy={isMutating}
    >
      <h2>{t('form.title')}</h2>
      {formError && (
        <p className="contact-form__alert" role="alert">
          {formError}
        </p>
      )}
      <div className="contact-form__row">
        <FormField
          label={t('form.name')}
          error={errorText('name')}
          inputProps={{
            autoComplete: 'name',
            placeholder: t('form.namePlaceholder'),
            ...form.bind('name'),
          }}
        />
        <FormField
          label={t('form.email')}
          error={errorText('email')}
          inputProps={{
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            placeholder: t('form.emailPlaceholder'),
            ...form.bind('email'),
          }}
        />
      </div>
      <FormField
        label={t('form.subject')}
        error={errorText('subject')}
        inputProps={{
          placeholder: t('form.subjectPlaceholder'),
          ...form.bind('subject'),
        }}
      />
      <FormField
        label={t('form.message')}
        error={errorText('message')}
        hint={t('form.counter', { count: form.values.message.length, max: messageMax })}
        multiline
        inputProps={{
          rows: 7,
          placeholder: t('form.messagePlaceholder'),
          ...form.bind('message'),
        }}
      />
      <div className="contact-form__foot">
        <p>{t('form.privacy')}</p>
        <Button type="submit" variant="primary" size="lg" disabled={isMutating}>
          {isMutating ? t('form.sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
