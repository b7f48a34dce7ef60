import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { contactRequestSchema, type ContactRequest } from '@numbernest/contracts';
import { ApiError } from '@/lib/api-client';
import { describeValidation, fieldErrorsFromServer, fieldErrorsFromZod, type FieldErrors } from '@/lib/validation';
import { useSendContact, type ContactReply } from '@/features/contact/api/use-send-contact';
import { FormField } from '@/components/form-field/FormField';

type Field = keyof ContactRequest;
const fields: Field[] = ['name', 'email', 'subject', 'message'];
const emptyForm: ContactRequest = { name: '', email: '', subject: '', message: '' };
const messageMax = 5000;

/** Validates the form with the server's own schema: only the first problem of each field counts. */
const validate = (values: ContactRequest): { data: ContactRequest | null; errors: FieldErrors<Field> } => {
  const result = contactRequestSchema.safeParse(values);
  return result.success ? { data: result.data, errors: {} } : { data: null, errors: fieldErrorsFromZod<Field>(result.error, values) };
};

export function ContactForm({ onSent }: { onSent: (reply: ContactReply) => void }) {
  const { t } = useTranslation('contact');
  const { t: tv } = useTranslation('validation');
  const { trigger, isMutating } = useSendContact();
  const [values, setValues] = useState<ContactRequest>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the visitor has tried to send, messages follow their typing.
    if (submitted) setErrors(validate(next).errors);
  };

  const check = (field: Field) => {
    if (!submitted && !values[field]) return; // don't scold a field the visitor only passed through
    setErrors((current) => ({ ...current, [field]: validate(values).errors[field] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = fields.find((field) => found[field]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    try {
      const reply = await trigger(data);
      setValues(emptyForm);
      setSubmitted(false);
      onSent(reply);
    } catch (error) {
      const fromServer = error instanceof ApiError ? fieldErrorsFromServer<Field>(error.body) : {};
      if (Object.keys(fromServer).length) {
        setErrors(fromServer);
        setFormError(t('errors.fix'));
      } else {
        // 429: the per-address limit (30 a minute); anything else is the server's fault.
        setFormError(error instanceof ApiError ? t(error.status === 429 ? 'errors.tooMany' : 'errors.failed') : t('errors.offline'));
      }
    }
  };

  const errorText = (field: Field) => {
    const error = errors[field];
    return error ? describeValidation(tv, error) : undefined;
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-busy={isMutating}>
      <h2>{t('form.title')}</h2>
      {formError && (
        <p className="contact-form__alert" role="alert">
          {formError}
        </p>
      )}
      <div className="contact-form__row">
        <FormField
          id="contact-name"
          label={t('form.name')}
          error={errorText('name')}
          inputProps={{
            name: 'name',
            autoComplete: 'name',
            placeholder: t('form.namePlaceholder'),
            value: values.name,
            onChange: (e) => update('name', e.target.value),
            onBlur: () => check('name'),
          }}
        />
        <FormField
          id="contact-email"
          label={t('form.email')}
          error={errorText('email')}
          inputProps={{
            name: 'email',
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            placeholder: t('form.emailPlaceholder'),
            value: values.email,
            onChange: (e) => update('email', e.target.value),
            onBlur: () => check('email'),
          }}
        />
      </div>
      <FormField
        id="contact-subject"
        label={t('form.subject')}
        error={errorText('subject')}
        inputProps={{
          name: 'subject',
          placeholder: t('form.subjectPlaceholder'),
          value: values.subject,
          onChange: (e) => update('subject', e.target.value),
          onBlur: () => check('subject'),
        }}
      />
      <FormField
        id="contact-message"
        label={t('form.message')}
        error={errorText('message')}
        hint={t('form.counter', { count: values.message.length, max: messageMax })}
        multiline
        inputProps={{
          name: 'message',
          rows: 7,
          placeholder: t('form.messagePlaceholder'),
          value: values.message,
          onChange: (e) => update('message', e.target.value),
          onBlur: () => check('message'),
        }}
      />
      <div className="contact-form__foot">
        <p>{t('form.privacy')}</p>
        <button type="submit" className="btn btn--primary btn--lg" disabled={isMutating}>
          {isMutating ? t('form.sending') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
