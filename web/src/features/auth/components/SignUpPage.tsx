import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { signUpWithEmail } from '@/lib/session/cognito';
import { markCodeSent } from '@/features/auth/code-cooldown';
import { signUpSchema } from '@/features/auth/schemas';
import { AuthErrorAlert } from './AuthAlert';
import { EmailField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthDivider, AuthSwitch, useReturnTo, withEmail } from './AuthLinks';
import { AuthSubmit } from './AuthSubmit';
import { GoogleButton } from './GoogleButton';
import { NewPasswordFields } from './NewPasswordFields';
import { useAuthForm } from './use-auth-form';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const form = useAuthForm({ schema: signUpSchema, initial: { email: '', password: '', confirm: '' }, step: 'signUp', idPrefix: 'signup' });

  const onSubmit = form.submit(async ({ email, password }) => {
    await signUpWithEmail(email, password);
    markCodeSent('signUp', email); // Cognito just sent the first code
    await navigate(withEmail('/confirm-email', email, returnTo));
  });

  return (
    <AuthFrame title={t('signUp.title')} lead={t('signUp.lead')}>
      {form.alert && <AuthErrorAlert error={form.alert} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        <EmailField {...form.bind('email')} error={form.errors.email} autoComplete="email" />
        <NewPasswordFields form={form} label={t('fields.password')} />
        <AuthSubmit busy={form.busy} label={t('signUp.submit')} busyLabel={t('signUp.sending')} />
      </form>
      <AuthDivider label={t('or')} />
      <GoogleButton onFailed={form.fail} onUseEmail={() => document.getElementById('signup-email')?.focus()} />
      <AuthSwitch question={t('signUp.haveAccount')} to={withEmail('/logIn', null, returnTo)} label={t('signUp.logIn')} />
    </AuthFrame>
  );
}
