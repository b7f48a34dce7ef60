import { chromium, expect, test, type Page } from '@playwright/test';

// The installable app against the built site: Chromium's own installability check, the offline
// page served by the service worker, the install page, and what the worker leaves alone.

/** Until the service worker (registered once the page has loaded and the browser is idle) controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
    timeout: 20_000,
  });
}

// Chromium never offers to install from an incognito profile (Playwright's contexts are): a profile on disk.
test('Chromium finds the site installable: no installability errors, a manifest without errors', async ({ baseURL }, testInfo) => {
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), { ...testInfo.project.use.launchOptions, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
});

test('offline, a page request gets the offline page; the API is never cached', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Back online, the offline page reloads itself into the page wanted.
  await context.setOffline(false);
  await expect(page).toHaveTitle('About us | NumberNest');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/_local/'))).toEqual([]);
});

test('the offline page speaks the stored language', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'RUS'));
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Нет подключения к интернету');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('the footer leads to the install page, which explains phones and computers', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /Install NumberNest/ })
    .click();
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install the NumberNest app');
  await expect(page.getByRole('heading', { name: 'On your phone' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'iPhone and iPad (Safari)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On your computer' })).toBeVisible();
  await expect(page).toHaveTitle('Install the app | NumberNest');
});
