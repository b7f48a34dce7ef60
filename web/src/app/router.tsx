import { lazy, useEffect, useRef } from 'react';
import { Outlet, useNavigate, type RouteObject } from 'react-router-dom';
import { MainLayout } from './layout/MainLayout';
import { RouteTable } from './route-outlet';
import { routeTable, type RouteEntry } from './route-table';
import { GuestOnly, RequireAuth } from '@/features/auth/guards';
import { useAuthState } from '@/lib/auth-state';

/**
 * `title` and `description` are keys in the common namespace (or `ns:key`); MainLayout sets the document's title
 * and meta description from them. Public pages are prerendered at build (web/prerender); `listed`
 * ones also go into sitemap.xml, the others (result and one-step pages) are `noindex`.
 */
export interface RouteHandle {
  title: string;
  /** The page's source module (from the app's root): the prerenderer links its CSS and code. */
  module?: string;
  description?: string;
  prerender?: { listed: boolean };
  /** On the route of a nested route table (the console's, matched in its own chunk): that table sets the title and description. */
  nested?: true;
}

// Every page module, loaded on demand; a route names its page by path from src: features/<x>/components/<Y>Page,
// or app/<x>/<Y>Page for a page that composes several features.
// The operator console's are its own (app/ops/OpsLayout.tsx resolves them, in the console's chunk).
const pageModules = import.meta.glob<{ default: React.ComponentType }>([
  '../features/*/components/*Page.tsx',
  './*/*Page.tsx',
  '!../features/ops-*/**',
  '!./ops/**',
]);

// Pages load lazily (React.lazy, under MainLayout's Suspense), so the landing route ships only what
// it shows. Declarative routes rather than a data router: the landing route's JavaScript budget
// has no room for the data router, and no page uses loaders or actions.
function page({ name, module, kind }: NonNullable<RouteEntry['page']>) {
  const load = pageModules[module.startsWith('app/') ? `./${module.slice('app/'.length)}.tsx` : `../${module}.tsx`];
  if (!load) throw new Error(`No page module src/${module}.tsx`);
  const Page = lazy(load);
  const handle: RouteHandle = { title: `titles.${name}`, module: `src/${module}.tsx` };
  if (kind !== 'private') handle.description = `descriptions.${name}`;
  if (kind === 'listed' || kind === 'unlisted') handle.prerender = { listed: kind === 'listed' };
  return { handle, element: <Page /> };
}

const DashboardLayout = lazy(() => import('./dashboard/DashboardLayout'));
const OpsLayout = lazy(() => import('./ops/OpsLayout'));

/** A page both visitors and signed-in people reach: the dashboard's shell around it once signed in. */
function DashboardWhenSignedIn() {
  const { loggedIn } = useAuthState();
  return loggedIn ? <DashboardLayout /> : <Outlet />;
}

const wraps: Record<NonNullable<RouteEntry['wrap']>, React.ReactElement> = {
  main: <MainLayout />,
  guestOnly: <GuestOnly />,
  requireAuth: <RequireAuth />,
  dashboard: <DashboardLayout />,
  dashboardWhenSignedIn: <DashboardWhenSignedIn />,
  ops: <OpsLayout />,
};
// The console's own route table matches and titles its pages (MainLayout leaves the document's title to it).
const nested: RouteHandle = { title: '', nested: true };

/** A react-router route for an entry of the route table (./route-table). */
function toRoute(entry: RouteEntry): RouteObject {
  const children = entry.children?.map(toRoute);
  const shown = entry.page ? page(entry.page) : entry.wrap ? { element: wraps[entry.wrap], ...(entry.wrap === 'ops' && { handle: nested }) } : {};
  if (entry.index) return { index: true, ...shown };
  return { ...(entry.path ? { path: entry.path } : {}), ...shown, ...(children ? { children } : {}) };
}

export const routes: RouteObject[] = routeTable.map(toRoute);

/** The app's routes at the current location, with the session keeper (the same tree in the browser and at build). */
export function AppRoutes() {
  return (
    <>
      <SessionKeeper />
      <RouteTable routes={routes} />
    </>
  );
}

/**
 * Keeps the stored token fresh and handles 401s; an ended session goes to /logIn. Loaded and started
 * only while someone is signed in, so a visitor's landing page never downloads it.
 */
function SessionKeeper() {
  const navigate = useNavigate();
  const { loggedIn } = useAuthState();
  // useNavigate gives a new function on every navigation; the keeper starts once per session.
  const latest = useRef(navigate);
  latest.current = navigate;
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('@/lib/session/session-keeper').then(({ startSessionKeeper }) => {
      if (!stopped) stop = startSessionKeeper((to) => latest.current(to));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [loggedIn]);
  return null;
}
