import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../components/toast/toast-context';
import { sendPasswordResetCode, setNewPassword } from '../api/cognito';
import { newPasswordSchema, normalizeEmail } from '../schemas';
import { AuthErrorAlert } from './AuthAlert';
import { AuthField, PasswordField } from './AuthField';
import { AuthFrame } from './AuthFrame';
import { AuthSwitch, withEmail } from './AuthLinks';
import { LocalMailHint } from './LocalMailHint';
import { PasswordRules } from './PasswordRules';
import { ResendCode } from './ResendCode';
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
        <AuthField {...form.bind('email')} label={t('fields.email')} error={form.errors.email} type="email" autoComplete="username" inputMode="email" placeholder={t('fields.emailPlaceholder')} />
        <AuthField
          {...form.bind('code')}
          label={t('fields.code')}
          error={form.errors.code}
          className="auth-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('fields.codePlaceholder')}
          below={<ResendCode purpose="reset" email={email} readEmail={() => (form.checkNow('email') ? email : null)} send={sendPasswordResetCode} onFailed={form.fail} />}
        />
        <PasswordField
          {...form.bind('password')}
          label={t('fields.newPassword')}
          error={form.errors.password}
          autoComplete="new-password"
          placeholder={t('fields.newPasswordPlaceholder')}
          below={<PasswordRules id="newpass-password-rules" password={form.values.password} />}
        />
        <PasswordField {...form.bind('confirm')} label={t('fields.confirm')} error={form.errors.confirm} autoComplete="new-password" placeholder={t('fields.confirmPlaceholder')} />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={form.busy}>
          {form.busy ? t('newPassword.sending') : t('newPassword.submit')}
        </button>
      </form>
      <LocalMailHint email={email || undefined} />
      <AuthSwitch question={t('resetPassword.remembered')} to={withEmail('/logIn', email)} label={t('actions.logIn')} />
    </AuthFrame>
  );
}
