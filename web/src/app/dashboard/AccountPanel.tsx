import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { Loader } from '@/components/loader/Loader';
import { useAuthState } from '@/lib/auth-state';
import { useProfile } from '@/lib/profile/use-profile';
import { dashboardPaths } from './nav';
import { Panel } from '@/components/panel/Panel';
import { formatDate } from '@/lib/dates';
import { usd } from '@/lib/money';
import { StandingFacts } from '@/features/rentals/components/StandingFacts';
import '@/styles/facts.css';

/** Account: e-mail, whether it is verified, balance, member since, and its standing (what it may hold). */
export function AccountPanel() {
  const { t, i18n } = useTranslation('dashboard');
  const { user } = useAuthState();
  const { data, error, isLoading } = useProfile();
  const profile = data?.data;
  const email = profile?.email ?? user?.email ?? '';
  const verifiedAt = profile ? profile.email_verified_at : (user?.email_verified_at ?? null);
  const date = (iso: string) => formatDate(iso, i18n.language);

  return (
    <Panel
      title={t('home.account.title')}
      className="panel--account"
      action={
        <Link to={dashboardPaths.accountSettings} className="panel__link">
          {t('home.account.settings')}
        </Link>
      }
    >
      <dl className="facts">
        <div className="facts__row">
          <dt>{t('home.account.email')}</dt>
          <dd className="facts__email">{email}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('home.account.status')}</dt>
          <dd>
            <span className={`chip ${verifiedAt ? 'chip--success' : 'chip--warning'}`}>
              {t(verifiedAt ? 'home.account.verified' : 'home.account.unverified')}
            </span>
          </dd>
        </div>
        <div className="facts__row">
          <dt>{t('home.account.balance')}</dt>
          <dd className="facts__money">{usd(user?.balance ?? 0)}</dd>
        </div>
        <div className="facts__row">
          <dt>{t('home.account.memberSince')}</dt>
          <dd>{profile?.created_at ? date(profile.created_at) : isLoading ? <Loader size="sm" /> : '—'}</dd>
        </div>
        <StandingFacts />
      </dl>
      {error && <p className="panel__note">{t('home.account.loadError')}</p>}
    </Panel>
  );
}
