import { operatorsGroup } from '@numbernest/contracts/ops';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { DashboardPage } from '../../components/dashboard-page/DashboardPage';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { ShieldCheckIcon } from '../../components/icons/dashboard-icons';
import { Loader } from '../../components/loader/Loader';
import { useProfile } from '../../features/account/api/use-profile';
import { useAuthState } from '../../lib/auth-state';
import { useTranslation } from '../../lib/i18n';
import '../../lib/i18n/ops-copy';
import { refreshSession, tokenGroups } from '../../lib/session/session-keeper';
import { opsLinks } from './nav';
import './ops.css';

/**
 * Every /ops route: the console's section bar, then the page. Loaded only when an operator opens
 * it. Whether the caller is an operator comes from a fresh GET /api/user (the server decides every
 * /api/ops request anyway); a customer who finds the address sees a refusal, not the console.
 */
export default function OpsLayout() {
  const { t } = useTranslation('ops');
  const { data, error } = useProfile();
  const operator = Boolean(data?.data.operator);
  const { token } = useAuthState();
  const [renewing, setRenewing] = useState(false);
  const renewed = useRef(false);
  // Made an operator since this session's token was issued: a fresh token carries the group the API asks for.
  useEffect(() => {
    if (!operator || renewed.current || tokenGroups(token).includes(operatorsGroup)) return;
    renewed.current = true;
    setRenewing(true);
    void refreshSession(true).finally(() => setRenewing(false));
  }, [operator, token]);
  if ((!data && !error) || renewing) return <Loader block />;
  if (!operator) {
    return (
      <div className="container ops">
        <DashboardPage title={t('forbidden.title')}>
          <EmptyState icon={ShieldCheckIcon} title={t('forbidden.text')} />
        </DashboardPage>
      </div>
    );
  }
  return (
    <div className="container container--wide ops">
      <nav className="ops__nav" aria-label={t('nav.label')}>
        <ul>
          {opsLinks.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="ops__link">
                <Icon size={18} />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ops__main">
        <Suspense fallback={<Loader block />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
