import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { AuthErrorKey } from '@/features/auth/errors';

/** The form-level message: what went wrong (or right), with the way on when there is one. */
export function AuthAlert({ tone = 'error', children, actions }: { tone?: 'error' | 'info' | 'success'; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p>{children}</p>
      {actions && <div className="auth-alert__actions">{actions}</div>}
    </div>
  );
}

/** A Cognito failure in the visitor's language. */
export function AuthErrorAlert({ error, actions }: { error: AuthErrorKey; actions?: ReactNode }) {
  const { t } = useTranslation('auth');
  return <AuthAlert actions={actions}>{t(`errors.${error}`)}</AuthAlert>;
}
