import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { sendPasswordResetCode, setNewPassword } from '@/lib/session/cognito';
import { newPasswordSchema, normalizeEmail } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { CodeField, EmailField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, withEmail } from './AuthLinks';
import { AuthSubmit } from './AuthSubmit';
import { LocalMailHint } from './LocalMailHint';
import { NewPasswordFields } from './NewPasswordFields';
import { FormResendCode } from './ResendCode';
import { useAuthForm } from './use-auth-form';

/** Step 2 of a password reset: the code from the e-mail and the new password; then /logIn. */
export default function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const initial = { email: params.get('email') ?? '', code: '', password: '', confirm: '' };
  const form = useAuthForm({ schema: newPasswordSchema, initial, step: 'newPassword', idPrefix: 'newpass' });

  const onSubmit = form.submit(async ({ email, code, password }) => {
    await setNewPassword(email, code, password);
    toast.success(t('newPassword.done'));
    await navigate(withEmail('/logIn', email));
  });

  const email = normalizeEmail(form.values.email);
  return (
    <AuthFrame title={t('newPassword.title')} lead={initial.email ? t('newPassword.lead', { email: initial.email }) : t('newPassword.leadNoEmail')}>
      {form.alert && <AuthErrorAlert error={form.alert} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <EmailField {...form.bind('email')} error={form.errors.email} autoComplete="username" />
        <CodeField
          {...form.bind('code')}
          error={form.errors.code}
          below={<FormResendCode purpose="reset" email={email} form={form} send={sendPasswordResetCode} />}
        />
        <NewPasswordFields form={form} label={t('fields.newPassword')} />
        <AuthSubmit busy={form.busy} label={t('newPassword.submit')} busyLabel={t('newPassword.sending')} />
      </form>
      <LocalMailHint email={email || undefined} />
      <AuthSwitch question={t('resetPassword.remembered')} to={withEmail('/logIn', email)} label={t('actions.logIn')} />
    </AuthFrame>
  );
}
