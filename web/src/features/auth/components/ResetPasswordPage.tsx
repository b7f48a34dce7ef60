import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sendPasswordResetCode } from '@/lib/session/cognito';
import { markCodeSent } from '@/features/auth/code-cooldown';
import { resetSchema } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { EmailField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, withEmail } from './AuthLinks';
import { AuthSubmit } from './AuthSubmit';
import { useAuthForm } from './use-auth-form';

/** Step 1 of a password reset: the e-mail gets a code, then /reset-password-new. It says what a reset ends besides the password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAuthForm({ schema: resetSchema, initial: { email: params.get('email') ?? '' }, step: 'reset', idPrefix: 'reset' });

  const onSubmit = form.submit(async ({ email }) => {
    await sendPasswordResetCode(email);
    markCodeSent('reset', email);
    await navigate(withEmail('/reset-password-new', email));
  });

  return (
    <AuthFrame title={t('resetPassword.title')} lead={`${t('resetPassword.lead')} ${t('resetPassword.revokes')}`}>
      {form.alert && <AuthErrorAlert error={form.alert} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <EmailField {...form.bind('email')} error={form.errors.email} autoComplete="email" />
        <AuthSubmit busy={form.busy} label={t('resetPassword.submit')} busyLabel={t('resetPassword.sending')} />
      </form>
      <AuthSwitch question={t('resetPassword.remembered')} to={withEmail('/logIn', form.values.email.trim())} label={t('actions.logIn')} />
    </AuthFrame>
  );
}
