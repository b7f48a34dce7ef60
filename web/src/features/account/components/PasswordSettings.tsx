import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from '@/lib/i18n';
import { useToast } from '@/components/toast/toast-context';
import { passwordRules } from '@/lib/password-rules';
import { FormField } from '@/components/form-field/FormField';
import { Panel } from '@/components/panel/Panel';
import { apiKeysPath } from '@/features/account/api/use-api-keys';
import { webhookPath } from '@/features/account/api/use-webhook';
import { changePassword } from '@/features/account/api/change-password';
import { Button } from '@/components/button/Button';
import '@/components/form-field/field.css';

type Field = 'current' | 'next' | 'confirm';
type Errors = Partial<Record<Field, string>>;
/** The pool's policy (the same rules as sign-up): 8 characters, upper and lower case, a digit. */
const minPasswordLength = 8;

/**
 * Change password: current, new and repeated; Cognito checks the current one. Every session ends
 * with it; optionally the API keys and the webhook go too (what a password reset always does).
 */
export function PasswordSettings() {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const revokeId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [revokeApiAccess, setRevokeApiAccess] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  function validate(): Errors {
    const found: Errors = {};
    if (!values.current) found.current = tv('required');
    if (!values.next) found.next = tv('required');
    else if (values.next.length < minPasswordLength) found.next = tv('minLength', { count: minPasswordLength });
    else if (!passwordRules.every((rule) => rule.test(values.next))) found.next = tv('format');
    if (!values.confirm) found.confirm = tv('required');
    else if (values.confirm !== values.next) found.confirm = tv('notMatched');
    return found;
  }

  /** Shows its own failures (next to the field or in a toast): the form does not wait for it. */
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await changePassword(values.current, values.next, { revokeApiAccess });
      setValues({ current: '', next: '', confirm: '' });
      if (revokeApiAccess) {
        setRevokeApiAccess(false);
        void mutate(apiKeysPath); // the API panels show what is left
        void mutate(webhookPath);
      }
      toast.success(t(revokeApiAccess ? 'settings.password.changedRevoked' : 'settings.password.changed'));
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'NotAuthorizedException') setErrors({ current: t('settings.password.wrongCurrent') });
      // The new password already meets the policy here, so Cognito refusing it is about the current one
      // (cognito-local answers a wrong current password this way) or a password it will not take again.
      else if (name === 'InvalidPasswordException') setErrors({ current: t('settings.password.rejected') });
      else toast.error(t('settings.password.failed'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, autoComplete: string) => ({
    type: 'password',
    autoComplete,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <Panel title={t('settings.password.title')}>
      <form className="password-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField id="password-current" label={t('settings.password.current')} error={errors.current} inputProps={field('current', 'current-password')} />
        <FormField
          id="password-next"
          label={t('settings.password.next')}
          error={errors.next}
          hint={t('settings.password.hint', { count: minPasswordLength })}
          inputProps={field('next', 'new-password')}
        />
        <FormField id="password-confirm" label={t('settings.password.confirm')} error={errors.confirm} inputProps={field('confirm', 'new-password')} />
        <label className="check password-form__revoke">
          <input
            type="checkbox"
            checked={revokeApiAccess}
            aria-describedby={`${revokeId}-hint`}
            onChange={(event) => setRevokeApiAccess(event.target.checked)}
          />
          {t('settings.password.revokeApiAccess')}
        </label>
        <p className="setting__description" id={`${revokeId}-hint`}>
          {t('settings.password.revokeApiAccessHint')}
        </p>
        <div className="password-form__foot">
          <Button type="submit" variant="primary" disabled={busy}>
            {t(busy ? 'settings.password.saving' : 'settings.password.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
