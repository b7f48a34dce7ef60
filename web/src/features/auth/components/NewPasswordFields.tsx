import { useTranslation } from '@/lib/i18n';
import { PasswordField } from './AuthField';
import { PasswordRules } from './PasswordRules';
import type { BoundInput, FieldMessage } from './use-auth-form';

interface NewPasswordForm {
  bind: (field: 'password' | 'confirm') => BoundInput;
  errors: Partial<Record<'password' | 'confirm', FieldMessage>>;
  values: { password: string };
}

/** A new password with its rules ticked off live, then the same again (sign-up, password reset). */
export function NewPasswordFields({ form, label }: { form: NewPasswordForm; label: string }) {
  const { t } = useTranslation('auth');
  const password = form.bind('password');
  return (
    <>
      <PasswordField
        {...password}
        label={label}
        error={form.errors.password}
        autoComplete="new-password"
        placeholder={t('fields.newPasswordPlaceholder')}
        below={<PasswordRules id={`${password.id}-rules`} password={form.values.password} />}
      />
      <PasswordField
        {...form.bind('confirm')}
        label={t('fields.confirm')}
        error={form.errors.confirm}
        autoComplete="new-password"
        placeholder={t('fields.confirmPlaceholder')}
      />
    </>
  );
}
