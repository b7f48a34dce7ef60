import { expect, test } from '@playwright/test';
import type { PriceSummary } from '@numbernest/contracts';
import { copy, pageTitle } from './locale-copy';

// Every public route renders its own content and sets its document title.

interface PublicRoute {
  path: string;
  title: string; // key in common
  heading: [namespace: string, key: string];
}

const providers = [
  ['perfectmoney', 'Perfect Money'],
  ['binance', 'Binance Pay'],
  ['payeer', 'Payeer'],
  ['stripe', 'Stripe'],
  ['crypto', 'cryptocurrency'],
] as const;

const routes: PublicRoute[] = [
  { path: '/', title: 'titles.home', heading: ['home', 'hero.title'] },
  { path: '/service', title: 'titles.service', heading: ['content', 'service.title'] },
  { path: '/about', title: 'titles.about', heading: ['content', 'about.title'] },
  { path: '/contact-us', title: 'titles.contact', heading: ['contact', 'title'] },
  { path: '/blogs', title: 'titles.blogs', heading: ['blog', 'title'] },
  { path: '/tutorial', title: 'titles.tutorial', heading: ['content', 'tutorial.title'] },
  { path: '/payment-policy', title: 'titles.paymentPolicy', heading: ['content', 'paymentPolicy.title'] },
  { path: '/privacy-policy', title: 'titles.privacyPolicy', heading: ['content', 'privacyPolicy.title'] },
  { path: '/terms-condition', title: 'titles.terms', heading: ['content', 'terms.title'] },
  { path: '/verification-success', title: 'titles.verificationSuccess', heading: ['auth', 'verified.title'] },
  { path: '/signUp', title: 'titles.signUp', heading: ['auth', 'signUp.title'] },
  { path: '/logIn', title: 'titles.logIn', heading: ['auth', 'logIn.title'] },
  { path: '/reset-password', title: 'titles.resetPassword', heading: ['auth', 'resetPassword.title'] },
  { path: '/verify-email', title: 'titles.verifyEmail', heading: ['auth', 'verifyEmail.title'] },
  { path: '/confirm-email', title: 'titles.confirmEmail', heading: ['auth', 'confirmEmail.title'] },
  { path: '/reset-password-new', title: 'titles.resetPasswordNew', heading: ['auth', 'newPassword.title'] },
  { path: '/payment', title: 'titles.payment', heading: ['payment', 'title'] },
  ...providers.flatMap(([provider]): PublicRoute[] => [
    // Signed out, a return page cannot read the top-up: it says so rather than claiming success.
    { path: `/${provider}/success`, title: 'titles.paymentSuccess', heading: ['wallet', 'return.signedOut.title'] },
    { path: `/${provider}/cancel`, title: 'titles.paymentFailed', heading: ['payment', 'results.paymentFailed.title'] },
  ]),
  { path: '/transfer-successful', title: 'titles.transferSuccess', heading: ['payment', 'results.transferSuccess.title'] },
  { path: '/transfer-failed', title: 'titles.transferFailed', heading: ['payment', 'results.transferFailed.title'] },
  { path: '/top-up-successful', title: 'titles.topUpSuccess', heading: ['wallet', 'return.signedOut.title'] },
  { path: '/top-up-failed', title: 'titles.topUpFailed', heading: ['payment', 'results.topUpFailed.title'] },
  { path: '/no/such/page', title: 'titles.notFound', heading: ['content', 'notFound.title'] },
];

for (const route of routes) {
  test(`${route.path} renders its page and title`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy(...route.heading));
    await expect(page).toHaveTitle(pageTitle(route.title));
  });
}

test('the same pages in Russian', async ({ page }) => {
  // Six pages rendered on the client from cold chunks, each a few seconds on a loaded machine.
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'RUS'));
  for (const route of routes.filter((r) => ['/', '/service', '/terms-condition', '/stripe/success', '/signUp', '/no/such/page'].includes(r.path))) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy(route.heading[0], route.heading[1], 'ru'), { timeout: 20_000 });
    await expect(page).toHaveTitle(pageTitle(route.title, 'ru'));
  }
});

test('the Service page shows the "from" prices of GET /api/price-summary', async ({ page, request }) => {
  const reply = await request.get('/api/price-summary');
  expect(reply.status()).toBe(200);
  const { data } = (await reply.json()) as { data: PriceSummary };
  await page.goto('/service');
  // The prices come after the prerendered page has painted, its code loaded and hydrated: seconds
  // on a loaded machine, as for the pages rendered on the client above.
  // The locale's type order: Shared, Private, Temporary.
  const figures = [data.shared_from_per_day, data.private_from_per_day, data.temporary_from];
  for (const [index, dollars] of figures.entries()) {
    expect(dollars, `price summary figure ${index}`).not.toBeNull();
    const name = copy('content', `service.types.${index}.name`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(card.locator('strong')).toHaveText(`$${dollars!.toFixed(2)}`, { timeout: 20_000 });
  }
});

test('provider return pages name the provider from the path', async ({ page }) => {
  for (const [provider, name] of providers) {
    for (const variant of ['success', 'cancel']) {
      await page.goto(`/${provider}/${variant}`);
      await expect(page.getByTestId('result-provider')).toHaveText(name);
    }
  }
});

test('an unknown path offers the way home, with 404; so does a blog post that does not exist', async ({ page }) => {
  const post = await page.goto('/blogs/987654');
  expect(post?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('blog', 'notFound.title'));
  for (const served of ['/about', '/blogs/1', '/dashboard/my-number/0mx1']) expect((await page.request.get(served)).status(), served).toBe(200);
  const unknown = await page.goto('/this/does/not/exist');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('content', 'notFound.title'));
  await page
    .getByRole('main')
    .getByRole('link', { name: copy('content', 'notFound.home') })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('home', 'hero.title'));
});

test('navigation starts at the top of the page unless the URL has a hash', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page
    .getByRole('main')
    .getByRole('link', { name: copy('content', 'shared.contactUs') })
    .scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page
    .getByRole('main')
    .getByRole('link', { name: copy('content', 'shared.contactUs') })
    .click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy('contact', 'title'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // With a hash: the page opens at the anchor, here the picker on the home page.
  await page.goto('/service');
  await page
    .getByRole('main')
    .getByRole('link', { name: copy('content', 'shared.getNumber') })
    .click();
  await expect(page).toHaveURL(/\/#get-number$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.locator('#get-number')).toBeInViewport();
});
