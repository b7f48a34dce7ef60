import { operatorsGroup } from '@numbernest/contracts/ops';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { matchRoutes, NavLink, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { DashboardPage } from '@/components/dashboard-page/DashboardPage';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ShieldCheckIcon } from '@/components/icons/dashboard-icons';
import { Loader } from '@/components/loader/Loader';
import { useProfile } from '@/lib/profile/use-profile';
import { useAuthState } from '@/lib/auth-state';
import { useTranslation } from '@/lib/i18n';
import '@/lib/i18n/ops-copy';
import { opsPaths } from '@/lib/paths';
import { refreshSession, tokenGroups } from '@/lib/session/session-keeper';
import { useDocumentMeta } from '@/app/layout/use-document-meta';
import { useScrollOnNavigate } from '@/app/layout/use-scroll-on-navigate';
import { deepestHandle } from '@/app/route-outlet';
import type { RouteEntry } from '@/app/route-table';
import type { RouteHandle } from '@/app/router';
import { ConsoleHeader } from './ConsoleHeader';
import { opsLinks } from './nav';
import { opsRouteTable } from './route-table';
import './ops.css';

// The console's page modules, resolved here, in the console's chunk: the landing route carries no loader of
// theirs. (Nothing here imports ../router: it imports this module, and the cycle would split the landing chunk.)
const modules = import.meta.glob<{ default: ComponentType }>(['../../features/ops-*/components/*Page.tsx', './*Page.tsx']);

/** A console page's route: its lazy element, its title from the ops namespace. */
function page({ path, index, page: shown }: RouteEntry): RouteObject {
  const { name, module } = shown!;
  const load = modules[module.startsWith('app/ops/') ? `./${module.slice('app/ops/'.length)}.tsx` : `../../${module}.tsx`];
  if (!load) throw new Error(`No page module src/${module}.tsx`);
  const Page = lazy(load);
  const handle: RouteHandle = { title: `ops:titles.${name}`, module: `src/${module}.tsx` };
  return { ...(index ? { index } : { path }), handle, element: <Page /> };
}

const NotFoundPage = lazy(() => import('@/features/content/components/NotFoundPage'));
const notFound: RouteHandle = { title: 'titles.notFound' };
/** The console's pages, and the app's not-found page for any other /ops path. */
const opsRoutes: RouteObject[] = [...opsRouteTable.map(page), { path: '*', handle: notFound, element: <NotFoundPage /> }];

/**
 * Every /ops route, in the console's own shell (no site header or footer): its header, the section
 * navigation, then the page its own route table (./route-table) matches, whose title it sets. Loaded
 * only when someone opens /ops. Whether the caller is an operator comes from a fresh GET /api/user (the
 * server decides every /api/ops request anyway); a customer who finds the address sees a refusal, not
 * the console's sections.
 */
export default function OpsLayout() {
  const { t } = useTranslation('ops');
  const { t: common } = useTranslation('common');
  const location = useLocation();
  const handle = deepestHandle(matchRoutes(opsRoutes, location, opsPaths.home) ?? []) ?? notFound;
  const page = useRoutes(opsRoutes);
  useDocumentMeta(handle);
  useScrollOnNavigate();
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
  const known = handle !== notFound;
  const checking = known && ((!data && !error) || renewing);
  const sections = known && !checking && operator;

  // Not a console page: the app's "not found" (in the console's shell), as for any unknown address, operator or not.
  let content = page;
  if (checking) content = <Loader block />;
  else if (known && !operator)
    content = (
      <DashboardPage title={t('forbidden.title')}>
        <EmptyState icon={ShieldCheckIcon} title={t('forbidden.text')} />
      </DashboardPage>
    );

  return (
    <div className={`ops${sections ? ' ops--sections' : ''}`}>
      <a href="#main" className="skip-link">
        {common('skipToContent')}
      </a>
      <ConsoleHeader />
      <div className="ops__body">
        {sections && (
          <nav className="ops__nav" aria-label={t('nav.label')}>
            <ul>
              {opsLinks.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink to={to} end={end} className="ops__link">
                    <Icon size={18} className="ops__icon" />
                    <span>{t(label)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="ops__main" tabIndex={-1}>
          <Suspense fallback={<Loader block />}>{content}</Suspense>
        </main>
      </div>
    </div>
  );
}
