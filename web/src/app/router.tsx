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
  description?: string;
  prerender?: { listed: boolean };
}

type PageModule = () => Promise<{ default: React.ComponentType }>;

// Pages load lazily (React.lazy, under MainLayout's Suspense), so the landing route ships only what
// it shows. Declarative routes rather than a data router: the landing route's JavaScript budget
// has no room for the data router, and no page uses loaders or actions.
function page(name: string, load: PageModule, handle: Partial<RouteHandle> = {}) {
  const Page = lazy(load);
  return { handle: { title: `titles.${name}`, ...handle } satisfies RouteHandle, element: <Page /> };
}

/** A public page: prerendered, with its own meta description. */
const publicPage = (name: string, load: PageModule, listed = true) =>
  page(name, load, { description: `descriptions.${name}`, prerender: { listed } });

const DashboardLayout = lazy(() => import('../features/dashboard/components/DashboardLayout'));

const paymentProviders = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'] as const;

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { index: true as const, ...publicPage('home', () => import('../features/home/components/HomePage')) },
      { path: 'service', ...publicPage('service', () => import('../features/content/components/ServicePage')) },
      { path: 'about', ...publicPage('about', () => import('../features/content/components/AboutPage')) },
      { path: 'contact-us', ...publicPage('contact', () => import('../features/contact/components/ContactPage')) },
      { path: 'blogs', ...publicPage('blogs', () => import('../features/blog/components/BlogListPage')) },
      { path: 'blogs/:id', ...publicPage('blog', () => import('../features/blog/components/BlogPostPage')) },
      { path: 'tutorial', ...publicPage('tutorial', () => import('../features/content/components/TutorialPage')) },
      // Client-rendered only: the page shows the API's address as the browser sees it.
      { path: 'api-docs', ...page('apiDocs', () => import('../features/api-docs/components/ApiDocsPage'), { description: 'descriptions.apiDocs' }) },
      { path: 'payment-policy', ...publicPage('paymentPolicy', () => import('../features/content/components/PaymentPolicyPage')) },
      { path: 'privacy-policy', ...publicPage('privacyPolicy', () => import('../features/content/components/PrivacyPolicyPage')) },
      { path: 'terms-condition', ...publicPage('terms', () => import('../features/content/components/TermsPage')) },
      { path: 'verification-success', ...publicPage('verificationSuccess', () => import('../features/auth/components/VerificationSuccessPage'), false) },
      // Spec §2 guards: signed-in visitors skip sign-up and sign-in.
      {
        element: <GuestOnly />,
        children: [
          { path: 'signUp', ...publicPage('signUp', () => import('../features/auth/components/SignUpPage')) },
          { path: 'logIn', ...publicPage('logIn', () => import('../features/auth/components/LogInPage')) },
        ],
      },
      // Back from Google (hosted UI) on deployed stages.
      { path: 'auth/callback', ...page('logIn', () => import('../features/auth/components/AuthCallbackPage')) },
      { path: 'reset-password', ...publicPage('resetPassword', () => import('../features/auth/components/ResetPasswordPage'), false) },
      { path: 'verify-email', ...publicPage('verifyEmail', () => import('../features/auth/components/VerifyEmailPage'), false) },
      { path: 'confirm-email', ...publicPage('confirmEmail', () => import('../features/auth/components/ConfirmEmailPage'), false) },
      { path: 'reset-password-new', ...publicPage('resetPasswordNew', () => import('../features/auth/components/NewPasswordPage'), false) },
      { path: 'payment', ...page('payment', () => import('../features/payment/components/PaymentPage')) },
      ...paymentProviders.flatMap((provider) => [
        { path: `${provider}/success`, ...publicPage('paymentSuccess', () => import('../features/payment/components/PaymentSuccessPage'), false) },
        { path: `${provider}/cancel`, ...publicPage('paymentFailed', () => import('../features/payment/components/PaymentFailedPage'), false) },
      ]),
      { path: 'transfer-successful', ...publicPage('transferSuccess', () => import('../features/payment/components/TransferSuccessPage'), false) },
      { path: 'transfer-failed', ...publicPage('transferFailed', () => import('../features/payment/components/TransferFailedPage'), false) },
      { path: 'top-up-successful', ...publicPage('topUpSuccess', () => import('../features/payment/components/TopUpSuccessPage'), false) },
      { path: 'top-up-failed', ...publicPage('topUpFailed', () => import('../features/payment/components/TopUpFailedPage'), false) },
      // The dashboard (spec §2): one lazy layout with the side navigation, a lazy page per route.
      // Guarded: without a stored token and user, the visitor goes to /logIn.
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true as const, ...page('dashboard', () => import('../features/dashboard/components/DashboardHomePage')) },
              { path: 'my-number', ...page('myNumber', () => import('../features/rentals/components/MyNumberPage')) },
              { path: 'my-number/:id', ...page('rental', () => import('../features/rentals/components/RentalPage')) },
              { path: 'manage-number', ...page('manageNumber', () => import('../features/rentals/components/ManageNumberPage')) },
              { path: 'buy-number', ...page('buyNumber', () => import('../features/dashboard/components/BuyNumberPage')) },
              { path: 'transaction', ...page('transaction', () => import('../features/wallet/components/TransactionsPage')) },
              { path: 'balance-transfer', ...page('balanceTransfer', () => import('../features/wallet/components/TransferPage')) },
              { path: 'topup-balance', ...page('topUpBalance', () => import('../features/wallet/components/TopUpPage')) },
              { path: 'appearance', ...page('appearance', () => import('../features/account/components/AppearancePage')) },
              { path: 'account-settings', ...page('accountSettings', () => import('../features/account/components/AccountSettingsPage')) },
            ],
          },
        ],
      },
      { path: '*', ...page('notFound', () => import('../features/content/components/NotFoundPage')) },
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
