import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { describeValidation } from '@/lib/validation';
import type { FieldMessage } from './use-auth-form';

interface AuthFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: FieldMessage;
  /** Under the control: a checklist, a hint. */
  below?: ReactNode;
  /** Inside the control, at its end: the show-password button. */
  trailing?: ReactNode;
  /** Next to the label: "Forgot password?". */
  aside?: ReactNode;
}

/** A labelled input with its message in place (in the visitor's language), wired for screen readers. */
export function AuthField({ id, label, error, below, trailing, aside, className, ...inputProps }: AuthFieldProps) {
  const { t } = useTranslation('auth');
  const { t: tv } = useTranslation('validation');
  const errorId = `${id}-error`;
  const text = error && ('authKey' in error ? t(`errors.${error.authKey}`) : describeValidation(tv, error));
  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}`}>
      <div className="auth-field__head">
        <label className="auth-field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      <div className="auth-field__box">
        <input
          {...inputProps}
          id={id}
          className={className ? `auth-field__control ${className}` : 'auth-field__control'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {text && (
        <p className="auth-field__error" id={errorId}>
          {text}
        </p>
      )}
      {below}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<AuthFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <AuthField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button type="button" className="auth-field__toggle" aria-pressed={shown} aria-controls={props.id} onClick={() => setShown((value) => !value)}>
          {shown ? t('fields.hide') : t('fields.show')}
        </button>
      }
    />
  );
}

/** The e-mail input of the account forms (autoComplete: 'username' where it names an existing account). */
export function EmailField(props: Omit<AuthFieldProps, 'label'>) {
  const { t } = useTranslation('auth');
  return <AuthField label={t('fields.email')} type="email" inputMode="email" placeholder={t('fields.emailPlaceholder')} {...props} />;
}

/** The 6-digit code from an e-mail; `below` holds the way to get a new one. */
export function CodeField(props: Omit<AuthFieldProps, 'label'>) {
  const { t } = useTranslation('auth');
  return (
    <AuthField
      label={t('fields.code')}
      className="auth-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('fields.codePlaceholder')}
      {...props}
    />
  );
}
