import { useTranslation } from '@/lib/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthFrame } from './AuthFrame';
import { useReturnTo, withEmail } from './AuthLinks';

export default function VerificationSuccessPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const returnTo = useReturnTo();
  return (
    <AuthFrame title={t('verified.title')} lead={t('verified.text')} icon="success">
      <div className="auth-actions">
        <Link className="btn btn--primary btn--lg btn--block" to={withEmail('/logIn', params.get('email'), returnTo)}>
          {t('verified.logIn')}
        </Link>
        <div className="auth-actions__row">
          <Link to="/">{t('verified.home')}</Link>
        </div>
      </div>
    </AuthFrame>
  );
}
