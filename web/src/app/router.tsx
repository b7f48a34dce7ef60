import { lazy, useEffect, useRef } from 'react';
import { useNavigate, type RouteObject } from 'react-router-dom';
import { MainLayout } from './layout/MainLayout';
import { RouteTable } from './route-table';
import { GuestOnly, RequireAuth } from '../features/auth/guards';
import { useAuthState } from '../lib/auth-state';

/**
 * `title` and `description` are keys in the common namespace; MainLayout sets the document's title
 * and meta description from them. Public pages are prerendered at build (web/prerender); `listed`
 * ones also go into sitemap.xml, the others (result and one-step pages) are `noindex`.
 */
export interface RouteHandle {
  title: string;
  /** The page's source module (from the app's root): the prerenderer links its CSS and code. */
  module?: string;
  description?: string;
  prerender?: { listed: boolean };
}

// Every page module, loaded on demand; a route names its page by path (features/<x>/components/<Y>Page).
const pageModules = import.meta.glob<{ default: React.ComponentType }>('../features/*/components/*Page.tsx');

// Pages load lazily (React.lazy, under MainLayout's Suspense), so the landing route ships only what
// it shows. Declarative routes rather than a data router: the landing route's JavaScript budget
// has no room for the data router, and no page uses loaders or actions.
function page(name: string, module: string, handle: Partial<RouteHandle> = {}) {
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module features/${module}.tsx`);
  const Page = lazy(load);
  return { handle: { title: `titles.${name}`, module: `src/features/${module}.tsx`, ...handle } satisfies RouteHandle, element: <Page /> };
}

/** A public page: prerendered, with its own meta description. */
const publicPage = (name: string, module: string, listed = true) => page(name, module, { description: `descriptions.${name}`, prerender: { listed } });

const DashboardLayout = lazy(() => import('../features/dashboard/components/DashboardLayout'));

const paymentProviders = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'] as const;

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true as const, ...publicPage('home', 'home/components/HomePage') },
      { path: 'service', ...publicPage('service', 'content/components/ServicePage') },
      { path: 'about', ...publicPage('about', 'content/components/AboutPage') },
      { path: 'contact-us', ...publicPage('contact', 'contact/components/ContactPage') },
      { path: 'blogs', ...publicPage('blogs', 'blog/components/BlogListPage') },
      { path: 'blogs/:id', ...publicPage('blog', 'blog/components/BlogPostPage') },
      { path: 'tutorial', ...publicPage('tutorial', 'content/components/TutorialPage') },
      // Client-rendered only: the page shows the API's address as the browser sees it.
      { path: 'api-docs', ...page('apiDocs', 'api-docs/components/ApiDocsPage', { description: 'descriptions.apiDocs' }) },
      { path: 'payment-policy', ...publicPage('paymentPolicy', 'content/components/PaymentPolicyPage') },
      { path: 'privacy-policy', ...publicPage('privacyPolicy', 'content/components/PrivacyPolicyPage') },
      { path: 'terms-condition', ...publicPage('terms', 'content/components/TermsPage') },
      { path: 'verification-success', ...publicPage('verificationSuccess', 'auth/components/VerificationSuccessPage', false) },
      // Guards: signed-in visitors skip sign-up and sign-in.
      {
        element: <GuestOnly />,
        children: [
          { path: 'signUp', ...publicPage('signUp', 'auth/components/SignUpPage') },
          { path: 'logIn', ...publicPage('logIn', 'auth/components/LogInPage') },
        ],
      },
      // Back from Google (hosted UI) on deployed stages.
      { path: 'auth/callback', ...page('logIn', 'auth/components/AuthCallbackPage') },
      { path: 'reset-password', ...publicPage('resetPassword', 'auth/components/ResetPasswordPage', false) },
      { path: 'verify-email', ...publicPage('verifyEmail', 'auth/components/VerifyEmailPage', false) },
      { path: 'confirm-email', ...publicPage('confirmEmail', 'auth/components/ConfirmEmailPage', false) },
      { path: 'reset-password-new', ...publicPage('resetPasswordNew', 'auth/components/NewPasswordPage', false) },
      { path: 'payment', ...page('payment', 'payment/components/PaymentPage') },
      ...paymentProviders.flatMap((provider) => [
        { path: `${provider}/success`, ...publicPage('paymentSuccess', 'payment/components/PaymentSuccessPage', false) },
        { path: `${provider}/cancel`, ...publicPage('paymentFailed', 'payment/components/PaymentFailedPage', false) },
      ]),
      { path: 'transfer-successful', ...publicPage('transferSuccess', 'payment/components/TransferSuccessPage', false) },
      { path: 'transfer-failed', ...publicPage('transferFailed', 'payment/components/TransferFailedPage', false) },
      { path: 'top-up-successful', ...publicPage('topUpSuccess', 'payment/components/TopUpSuccessPage', false) },
      { path: 'top-up-failed', ...publicPage('topUpFailed', 'payment/components/TopUpFailedPage', false) },
      // The dashboard: one lazy layout with the side navigation, a lazy page per route.
      // Guarded: without a stored token and user, the visitor goes to /logIn.
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true as const, ...page('dashboard', 'dashboard/components/DashboardHomePage') },
              { path: 'my-number', ...page('myNumber', 'rentals/components/MyNumberPage') },
              { path: 'my-number/:id', ...page('rental', 'rentals/components/RentalPage') },
              { path: 'manage-number', ...page('manageNumber', 'rentals/components/ManageNumberPage') },
              { path: 'buy-number', ...page('buyNumber', 'dashboard/components/BuyNumberPage') },
              { path: 'transaction', ...page('transaction', 'wallet/components/TransactionsPage') },
              { path: 'balance-transfer', ...page('balanceTransfer', 'wallet/components/TransferPage') },
              { path: 'topup-balance', ...page('topUpBalance', 'wallet/components/TopUpPage') },
              { path: 'appearance', ...page('appearance', 'account/components/AppearancePage') },
              { path: 'account-settings', ...page('accountSettings', 'account/components/AccountSettingsPage') },
            ],
          },
        ],
      },
      { path: '*', ...page('notFound', 'content/components/NotFoundPage') },
    ],
  },
];

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
    void import('../features/auth/session-keeper').then(({ startSessionKeeper }) => {
      if (!stopped) stop = startSessionKeeper((to) => latest.current(to));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [loggedIn]);
  return null;
}
