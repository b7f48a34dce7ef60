import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signUpWithEmail } from '../api/cognito';
import { markCodeSent } from '../code-cooldown';
import { signUpSchema } from '../schemas';
import { AuthErrorAlert } from './AuthAlert';
import { AuthField, PasswordField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthDivider, AuthSwitch, withEmail } from './AuthLinks';
import { GoogleButton } from './GoogleButton';
import { PasswordRules } from './PasswordRules';
import { useAuthForm } from './use-auth-form';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useAuthForm({ schema: signUpSchema, initial: { email: '', password: '', confirm: '' }, step: 'signUp', idPrefix: 'signup' });

  const onSubmit = form.submit(async ({ email, password }) => {
    await signUpWithEmail(email, password);
    markCodeSent('signUp', email); // Cognito just sent the first code
    await navigate(withEmail('/confirm-email', email));
  });

  return (
    <AuthFrame title={t('signUp.title')} lead={t('signUp.lead')}>
      {form.alert && <AuthErrorAlert error={form.alert} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <AuthField {...form.bind('email')} label={t('fields.email')} error={form.errors.email} type="email" autoComplete="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} />
        <PasswordField
          {...form.bind('password')}
          label={t('fields.password')}
          error={form.errors.password}
          autoComplete="new-password"
          placeholder={t('fields.newPasswordPlaceholder')}
          below={<PasswordRules id="signup-password-rules" password={form.values.password} />}
        />
        <PasswordField {...form.bind('confirm')} label={t('fields.confirm')} error={form.errors.confirm} autoComplete="new-password" placeholder={t('fields.confirmPlaceholder')} />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={form.busy}>
          {form.busy ? t('signUp.sending') : t('signUp.submit')}
        </button>
      </form>
      <AuthDivider label={t('or')} />
      <GoogleButton onFailed={form.fail} onUseEmail={() => document.getElementById('signup-email')?.focus()} />
      <AuthSwitch question={t('signUp.haveAccount')} to="/logIn" label={t('signUp.logIn')} />
    </AuthFrame>
  );
}
