import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmEmailCode, resendEmailCode } from '@/lib/session/cognito';
import { normalizeEmail, verifySchema } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { CodeField, EmailField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, useReturnTo, withEmail } from './AuthLinks';
import { establishSession } from '@/lib/session/session';
import { AuthSubmit } from './AuthSubmit';
import { LocalMailHint } from './LocalMailHint';
import { FormResendCode } from './ResendCode';
import { useAuthForm } from './use-auth-form';

/**
 * The 6-digit code from the sign-up e-mail. In the tab that signed up, success signs the person in
 * and goes on to the query's `return` (or the dashboard); otherwise to /verification-success.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAuthForm({ schema: verifySchema, initial: { email: params.get('email') ?? '', code: '' }, step: 'verify', idPrefix: 'verify' });

  const returnTo = useReturnTo();
  const onSubmit = form.submit(async ({ email, code }) => {
    // Confirmed in the tab that signed up: signed in already, on to where they were going.
    if ((await confirmEmailCode(email, code)) === 'signedIn') {
      await establishSession();
      return void navigate(returnTo ?? '/dashboard', { replace: true });
    }
    await navigate(withEmail('/verification-success', email, returnTo));
  });

  const email = normalizeEmail(form.values.email);
  return (
    <AuthFrame title={t('verifyEmail.title')} lead={t('verifyEmail.lead')}>
      {form.alert && (
        <AuthErrorAlert
          error={form.alert}
          actions={
            form.alert === 'alreadyConfirmed' && (
              <Link className="btn btn--primary btn--sm" to={withEmail('/logIn', email, returnTo)}>
                {t('actions.logIn')}
              </Link>
            )
          }
        />
      )}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <EmailField {...form.bind('email')} error={form.errors.email} autoComplete="email" />
        <CodeField
          {...form.bind('code')}
          error={form.errors.code}
          below={<FormResendCode purpose="signUp" email={email} form={form} send={resendEmailCode} />}
        />
        <AuthSubmit busy={form.busy} label={t('verifyEmail.submit')} busyLabel={t('verifyEmail.sending')} />
      </form>
      <LocalMailHint email={email || undefined} />
      <AuthSwitch question={t('verifyEmail.verified')} to={withEmail('/logIn', email, returnTo)} label={t('actions.logIn')} />
    </AuthFrame>
  );
}
