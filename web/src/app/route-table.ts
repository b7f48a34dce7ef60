/**
 * The app's routes as plain data: the path of each page, the page module it shows (by name, under
 * features/ or app/) and the layouts and guards around it. router.tsx turns it into react-router routes; being
 * data, it is also read outside the app (e2e specs walk `routePaths()`; the local cloud and the deployed
 * Router answer 404 for a path no route serves: served-paths.ts). It imports nothing, so Node and the
 * infra read it as it is.
 */
export interface RouteEntry {
  /** Under the parent's path; none on the index route and on a layout-only group. */
  path?: string;
  index?: true;
  /** The page shown: `titles.<name>` in common is its title; `module` is src/<module>.tsx (under features/, or app/ for a page composing several features). */
  page?: { name: string; module: string; kind: 'private' | 'described' | 'listed' | 'unlisted' };
  /** A layout or guard around the children; `ops` is the console's own shell, whose own route table (app/ops) matches below it. */
  wrap?: 'main' | 'guestOnly' | 'requireAuth' | 'dashboard' | 'dashboardWhenSignedIn' | 'ops';
  children?: RouteEntry[];
}

/** A page reached only in the browser (signed-in, client-rendered): no prerendering, no meta description. */
export const page = (path: string | undefined, name: string, module: string, kind: NonNullable<RouteEntry['page']>['kind'] = 'private'): RouteEntry => ({
  ...(path === undefined ? { index: true as const } : { path }),
  page: { name, module, kind },
});
/** A public page: prerendered, with its own meta description; `listed` ones go into sitemap.xml. */
const publicPage = (path: string | undefined, name: string, module: string, listed = true) => page(path, name, module, listed ? 'listed' : 'unlisted');

export const paymentProviders = ['perfectmoney', 'binance', 'payeer', 'stripe', 'crypto'] as const;

export const routeTable: RouteEntry[] = [
  {
    wrap: 'main',
    children: [
      publicPage(undefined, 'home', 'app/home/HomePage'),
      publicPage('service', 'service', 'features/content/components/ServicePage'),
      publicPage('about', 'about', 'features/content/components/AboutPage'),
      publicPage('contact-us', 'contact', 'features/contact/components/ContactPage'),
      publicPage('blogs', 'blogs', 'features/blog/components/BlogListPage'),
      publicPage('blogs/:id', 'blog', 'features/blog/components/BlogPostPage'),
      publicPage('tutorial', 'tutorial', 'features/content/components/TutorialPage'),
      publicPage('install', 'install', 'features/install/components/InstallPage'),
      // Client-rendered only: the page shows the API's address as the browser sees it.
      page('api-docs', 'apiDocs', 'features/api-docs/components/ApiDocsPage', 'described'),
      publicPage('payment-policy', 'paymentPolicy', 'features/content/components/PaymentPolicyPage'),
      publicPage('privacy-policy', 'privacyPolicy', 'features/content/components/PrivacyPolicyPage'),
      publicPage('terms-condition', 'terms', 'features/content/components/TermsPage'),
      publicPage('verification-success', 'verificationSuccess', 'features/auth/components/VerificationSuccessPage', false),
      // Guarded: signed-in visitors skip sign-up and sign-in.
      {
        wrap: 'guestOnly',
        children: [publicPage('signUp', 'signUp', 'features/auth/components/SignUpPage'), publicPage('logIn', 'logIn', 'features/auth/components/LogInPage')],
      },
      // Back from Google (hosted UI) on deployed stages.
      page('auth/callback', 'logIn', 'features/auth/components/AuthCallbackPage'),
      publicPage('reset-password', 'resetPassword', 'features/auth/components/ResetPasswordPage', false),
      publicPage('verify-email', 'verifyEmail', 'features/auth/components/VerifyEmailPage', false),
      publicPage('confirm-email', 'confirmEmail', 'features/auth/components/ConfirmEmailPage', false),
      publicPage('reset-password-new', 'resetPasswordNew', 'features/auth/components/NewPasswordPage', false),
      // Signed in: inside the dashboard's shell (its navigation, the hold banner); a visitor sees the order and a way to sign in.
      { path: 'payment', wrap: 'dashboardWhenSignedIn', children: [page(undefined, 'payment', 'features/rentals/components/PaymentPage')] },
      ...paymentProviders.flatMap((provider) => [
        publicPage(`${provider}/success`, 'paymentSuccess', 'features/wallet/components/PaymentSuccessPage', false),
        publicPage(`${provider}/cancel`, 'paymentFailed', 'features/wallet/components/PaymentFailedPage', false),
      ]),
      publicPage('transfer-successful', 'transferSuccess', 'features/wallet/components/TransferSuccessPage', false),
      publicPage('transfer-failed', 'transferFailed', 'features/wallet/components/TransferFailedPage', false),
      publicPage('top-up-successful', 'topUpSuccess', 'features/wallet/components/TopUpSuccessPage', false),
      publicPage('top-up-failed', 'topUpFailed', 'features/wallet/components/TopUpFailedPage', false),
      // The dashboard: one lazy layout with the side navigation, a lazy page per route.
      // Guarded: without a stored token and user, the visitor goes to /logIn.
      {
        wrap: 'requireAuth',
        children: [
          {
            path: 'dashboard',
            wrap: 'dashboard',
            children: [
              page(undefined, 'dashboard', 'app/dashboard/DashboardHomePage'),
              page('my-number', 'myNumber', 'features/rentals/components/MyNumberPage'),
              page('my-number/:id', 'rental', 'features/rentals/components/RentalPage'),
              page('manage-number', 'manageNumber', 'features/rentals/components/ManageNumberPage'),
              page('buy-number', 'buyNumber', 'app/dashboard/BuyNumberPage'),
              page('transaction', 'transaction', 'features/wallet/components/TransactionsPage'),
              page('balance-transfer', 'balanceTransfer', 'features/wallet/components/TransferPage'),
              page('topup-balance', 'topUpBalance', 'features/wallet/components/TopUpPage'),
              page('appearance', 'appearance', 'features/account/components/AppearancePage'),
              page('account-settings', 'accountSettings', 'features/account/components/AccountSettingsPage'),
            ],
          },
          // A partner's SIM-bank agents, in the dashboard's shell; anyone else is told how to become a partner.
          { path: 'partner', wrap: 'dashboard', children: [page(undefined, 'partner', 'features/partner/components/PartnerPage')] },
        ],
      },
      page('*', 'notFound', 'features/content/components/NotFoundPage'),
    ],
  },
  // The operator console, outside the site's layout (its own header, no footer): one lazy entry for every
  // /ops path. Its pages, their titles and copy resolve inside the console's own chunk (app/ops/route-table.ts),
  // so nothing of it loads for customers. Guarded: without a stored session, the visitor goes to /logIn.
  { wrap: 'requireAuth', children: [{ path: 'ops/*', wrap: 'ops' }] },
];

/** Every page with its full path, parameters as written (`/blogs/:id`), in table order. */
export function routePages(entries: RouteEntry[] = routeTable, parent = ''): { path: string; page: NonNullable<RouteEntry['page']> }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.page ? [{ path, page: entry.page }] : [];
    return [...own, ...routePages(entry.children ?? [], path === '/' ? '' : path)];
  });
}

/** Every page's full path, parameters as written (`/blogs/:id`), in table order. */
export const routePaths = (entries: RouteEntry[] = routeTable, parent = ''): string[] => routePages(entries, parent).map(({ path }) => path);
