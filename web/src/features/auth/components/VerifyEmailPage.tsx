import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmEmailCode, resendEmailCode } from '../api/cognito';
import { normalizeEmail, verifySchema } from '../schemas';
import { AuthErrorAlert } from './AuthAlert';
import { AuthField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, withEmail } from './AuthLinks';
import { LocalMailHint } from './LocalMailHint';
import { ResendCode } from './ResendCode';
import { useAuthForm } from './use-auth-form';

/** The 6-digit code from the sign-up e-mail; success leads to /verification-success. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useAuthForm({ schema: verifySchema, initial: { email: params.get('email') ?? '', code: '' }, step: 'verify', idPrefix: 'verify' });

  const onSubmit = form.submit(async ({ email, code }) => {
    await confirmEmailCode(email, code);
    await navigate(withEmail('/verification-success', email));
  });

  const email = normalizeEmail(form.values.email);
  return (
    <AuthFrame title={t('verifyEmail.title')} lead={t('verifyEmail.lead')}>
      {form.alert && (
        <AuthErrorAlert
          error={form.alert}
          actions={
            form.alert === 'alreadyConfirmed' && (
              <Link className="btn btn--primary btn--sm" to={withEmail('/logIn', email)}>
                {t('actions.logIn')}
              </Link>
            )
          }
        />
      )}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <AuthField {...form.bind('email')} label={t('fields.email')} error={form.errors.email} type="email" autoComplete="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} />
        <AuthField
          {...form.bind('code')}
          label={t('fields.code')}
          error={form.errors.code}
          className="auth-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('fields.codePlaceholder')}
          below={<ResendCode purpose="signUp" email={email} readEmail={() => (form.checkNow('email') ? email : null)} send={resendEmailCode} onFailed={form.fail} />}
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={form.busy}>
          {form.busy ? t('verifyEmail.sending') : t('verifyEmail.submit')}
        </button>
      </form>
      <LocalMailHint email={email || undefined} />
      <AuthSwitch question={t('verifyEmail.verified')} to={withEmail('/logIn', email)} label={t('actions.logIn')} />
    </AuthFrame>
  );
}
