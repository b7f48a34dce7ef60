import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state/EmptyState';
import { ShieldCheckIcon } from '../../components/icons/dashboard-icons';
import { Loader } from '../../components/loader/Loader';
import { useProfile } from '../../features/account/api/use-profile';
import { useTranslation } from '../../lib/i18n';
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
  if (!data && !error) return <Loader block />;
  if (!data?.data.operator) {
    return (
      <div className="container ops">
        <EmptyState icon={ShieldCheckIcon} title={t('forbidden.title')} text={t('forbidden.text')} />
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
