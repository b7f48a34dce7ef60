import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { resendEmailCode } from '@/lib/session/cognito';
import { authErrorKey, type AuthErrorKey } from '@/features/auth/errors';
import { resetSchema } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, useReturnTo, withEmail } from './AuthLinks';
import { LocalMailHint } from './LocalMailHint';
import { ResendCode } from './ResendCode';

/** After sign-up: "check your inbox", with a new code on request and the way to enter it. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const parsed = resetSchema.safeParse({ email: params.get('email') ?? '' });
  const email = parsed.success ? parsed.data.email : null;
  const [error, setError] = useState<AuthErrorKey | null>(null);
  const returnTo = useReturnTo();

  return (
    <AuthFrame title={t('confirmEmail.title')} lead={email ? t('confirmEmail.lead', { email }) : t('confirmEmail.leadNoEmail')} icon="mail">
      {error && <AuthErrorAlert error={error} />}
      <p className="auth-hint">{t('confirmEmail.spam')}</p>
      <LocalMailHint email={email ?? undefined} />
      <div className="auth-actions">
        <Link className="btn btn--primary btn--lg btn--block" to={withEmail('/verify-email', email, returnTo)}>
          {t('actions.enterCode')}
        </Link>
        {email && (
          <ResendCode
            purpose="signUp"
            email={email}
            readEmail={() => email}
            send={resendEmailCode}
            onFailed={(failure) => setError(authErrorKey(failure, 'resend'))}
          />
        )}
      </div>
      <AuthSwitch question={t('confirmEmail.wrongEmail')} to={withEmail('/signUp', null, returnTo)} label={t('confirmEmail.signUpAgain')} />
    </AuthFrame>
  );
}
