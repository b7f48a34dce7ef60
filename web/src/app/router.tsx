import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MainLayout } from './layout/MainLayout';
import { RouteError } from './layout/RouteError';
import { Loader } from '../components/loader/Loader';
import { GuestOnly, RequireAuth } from '../features/auth/guards';

/** `handle.title` is a key in the common namespace; MainLayout sets document.title from it. */
export interface RouteHandle {
  title: string;
}

// Pages load lazily, so the landing route ships only what it shows.
const page = (title: string, load: () => Promise<{ default: React.ComponentType }>) => ({
  handle: { title } satisfies RouteHandle,
  lazy: async () => ({ Component: (await load()).default }),
});

const paymentProviders = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'] as const;

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads (without it the router warns and renders nothing).
    hydrateFallbackElement: <Loader block />,
    children: [
      { index: true as const, ...page('titles.home', () => import('../features/home/components/HomePage')) },
      { path: 'service', ...page('titles.service', () => import('../features/content/components/ServicePage')) },
      { path: 'about', ...page('titles.about', () => import('../features/content/components/AboutPage')) },
      { path: 'contact-us', ...page('titles.contact', () => import('../features/contact/components/ContactPage')) },
      { path: 'blogs', ...page('titles.blogs', () => import('../features/blog/components/BlogListPage')) },
      { path: 'blogs/:id', ...page('titles.blog', () => import('../features/blog/components/BlogPostPage')) },
      { path: 'tutorial', ...page('titles.tutorial', () => import('../features/content/components/TutorialPage')) },
      { path: 'api-docs', ...page('titles.apiDocs', () => import('../features/api-docs/components/ApiDocsPage')) },
      { path: 'payment-policy', ...page('titles.paymentPolicy', () => import('../features/content/components/PaymentPolicyPage')) },
      { path: 'privacy-policy', ...page('titles.privacyPolicy', () => import('../features/content/components/PrivacyPolicyPage')) },
      { path: 'terms-condition', ...page('titles.terms', () => import('../features/content/components/TermsPage')) },
      { path: 'verification-success', ...page('titles.verificationSuccess', () => import('../features/auth/components/VerificationSuccessPage')) },
      // Spec §2 guards: signed-in visitors skip sign-up and sign-in.
      {
        element: <GuestOnly />,
        children: [
          { path: 'signUp', ...page('titles.signUp', () => import('../features/auth/components/SignUpPage')) },
          { path: 'logIn', ...page('titles.logIn', () => import('../features/auth/components/LogInPage')) },
        ],
      },
      // Back from Google (hosted UI) on deployed stages.
      { path: 'auth/callback', ...page('titles.logIn', () => import('../features/auth/components/AuthCallbackPage')) },
      { path: 'reset-password', ...page('titles.resetPassword', () => import('../features/auth/components/ResetPasswordPage')) },
      { path: 'verify-email', ...page('titles.verifyEmail', () => import('../features/auth/components/VerifyEmailPage')) },
      { path: 'confirm-email', ...page('titles.confirmEmail', () => import('../features/auth/components/ConfirmEmailPage')) },
      { path: 'reset-password-new', ...page('titles.resetPasswordNew', () => import('../features/auth/components/NewPasswordPage')) },
      { path: 'payment', ...page('titles.payment', () => import('../features/payment/components/PaymentPage')) },
      ...paymentProviders.flatMap((provider) => [
        { path: `${provider}/success`, ...page('titles.paymentSuccess', () => import('../features/payment/components/PaymentSuccessPage')) },
        { path: `${provider}/cancel`, ...page('titles.paymentFailed', () => import('../features/payment/components/PaymentFailedPage')) },
      ]),
      { path: 'transfer-successful', ...page('titles.transferSuccess', () => import('../features/payment/components/TransferSuccessPage')) },
      { path: 'transfer-failed', ...page('titles.transferFailed', () => import('../features/payment/components/TransferFailedPage')) },
      { path: 'top-up-successful', ...page('titles.topUpSuccess', () => import('../features/payment/components/TopUpSuccessPage')) },
      { path: 'top-up-failed', ...page('titles.topUpFailed', () => import('../features/payment/components/TopUpFailedPage')) },
      // The dashboard (spec §2): one lazy layout with the side navigation, a lazy page per route.
      // Guarded: without a stored token and user, the visitor goes to /logIn.
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('../features/dashboard/components/DashboardLayout')).default }),
            children: [
              { index: true as const, ...page('titles.dashboard', () => import('../features/dashboard/components/DashboardHomePage')) },
              { path: 'my-number', ...page('titles.myNumber', () => import('../features/rentals/components/MyNumberPage')) },
              { path: 'my-number/:id', ...page('titles.rental', () => import('../features/rentals/components/RentalPage')) },
              { path: 'manage-number', ...page('titles.manageNumber', () => import('../features/rentals/components/ManageNumberPage')) },
              { path: 'buy-number', ...page('titles.buyNumber', () => import('../features/dashboard/components/BuyNumberPage')) },
              { path: 'transaction', ...page('titles.transaction', () => import('../features/wallet/components/TransactionsPage')) },
              { path: 'balance-transfer', ...page('titles.balanceTransfer', () => import('../features/wallet/components/TransferPage')) },
              { path: 'topup-balance', ...page('titles.topUpBalance', () => import('../features/wallet/components/TopUpPage')) },
              { path: 'appearance', ...page('titles.appearance', () => import('../features/account/components/AppearancePage')) },
              { path: 'account-settings', ...page('titles.accountSettings', () => import('../features/account/components/AccountSettingsPage')) },
            ],
          },
        ],
      },
      { path: '*', ...page('titles.notFound', () => import('../features/content/components/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
