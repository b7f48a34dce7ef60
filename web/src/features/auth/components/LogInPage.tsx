import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { resendEmailCode, signInWithPassword } from '@/lib/session/cognito';
import { establishSession } from '@/lib/session/session';
import { markCodeSent } from '@/features/auth/code-cooldown';
import { afterSignIn } from '@/features/auth/guards';
import { logInSchema } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { EmailField, PasswordField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthDivider, AuthSwitch, useReturnTo, withEmail } from './AuthLinks';
import { AuthSubmit } from './AuthSubmit';
import { GoogleButton } from './GoogleButton';
import { useAuthForm } from './use-auth-form';
import { useFlashToast } from './use-flash-toast';
import { Button } from '@/components/button/Button';

export default function LogInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const form = useAuthForm({ schema: logInSchema, initial: { email: params.get('email') ?? '', password: '' }, step: 'signIn', idPrefix: 'login' });
  /** The address whose account still waits for its e-mail code. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  useFlashToast();
  const returnTo = useReturnTo();

  const onSubmit = form.submit(async ({ email, password }) => {
    setUnconfirmed(null);
    const outcome = await signInWithPassword(email, password);
    if (outcome === 'confirmSignUp') return setUnconfirmed(email);
    if (outcome === 'resetPassword') return void navigate(withEmail('/reset-password', email));
    await establishSession();
    await navigate(afterSignIn(location.state, location.search), { replace: true });
  });

  const sendCodeAndVerify = async (email: string) => {
    setResending(true);
    try {
      await resendEmailCode(email);
      markCodeSent('signUp', email);
      await navigate(withEmail('/verify-email', email, returnTo));
    } catch (error) {
      setUnconfirmed(null);
      form.fail(error, 'resend');
    } finally {
      setResending(false);
    }
  };

  const email = form.values.email.trim();
  return (
    <AuthFrame title={t('logIn.title')} lead={t('logIn.lead')}>
      {unconfirmed && (
        <AuthErrorAlert
          error="notConfirmed"
          actions={
            <>
              <Link className="btn btn--primary btn--sm" to={withEmail('/verify-email', unconfirmed, returnTo)}>
                {t('actions.enterCode')}
              </Link>
              <Button size="sm" disabled={resending} onClick={() => void sendCodeAndVerify(unconfirmed)}>
                {resending ? t('resend.sending') : t('resend.button')}
              </Button>
            </>
          }
        />
      )}
      {form.alert && !unconfirmed && <AuthErrorAlert error={form.alert} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <EmailField {...form.bind('email')} error={form.errors.email} autoComplete="username" />
        <PasswordField
          {...form.bind('password')}
          label={t('fields.password')}
          error={form.errors.password}
          autoComplete="current-password"
          placeholder={t('fields.passwordPlaceholder')}
          aside={
            <Link className="auth-field__aside" to={withEmail('/reset-password', email)}>
              {t('logIn.forgot')}
            </Link>
          }
        />
        <AuthSubmit busy={form.busy} label={t('logIn.submit')} busyLabel={t('logIn.sending')} />
      </form>
      <AuthDivider label={t('or')} />
      <GoogleButton onFailed={form.fail} onUseEmail={() => document.getElementById('login-email')?.focus()} />
      <AuthSwitch question={t('logIn.noAccount')} to={withEmail('/signUp', null, returnTo)} label={t('logIn.signUp')} />
    </AuthFrame>
  );
}
