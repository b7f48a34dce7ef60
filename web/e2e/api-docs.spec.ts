import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { copy } from './locale-copy';

// The /api-docs page's part on the 5sim-compatible API, as a developer moving from 5sim meets it:
// found from the table of contents, real addresses of this site, and on a phone nothing wider than the
// screen (the wide tables scroll inside their own box). On demand (SHOTS_DIR) its pictures at 1280
// and 390 px, light and dark.

const docs = (key: string, language: 'en' | 'ru' | 'ms' = 'en') => copy('apiDocs', key, language);

/** The page does not scroll sideways: nothing is wider than the viewport. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the 5sim-compatible API: from the table of contents to its routes, at this site’s address', async ({ page, baseURL }) => {
  await page.goto('/api-docs');
  const toc = page.getByRole('navigation', { name: docs('toc') });
  await toc
    .getByRole('list', { name: docs('tocFiveSim') })
    .getByRole('link', { name: docs('fivesimRoutes.title') })
    .click();
  await expect(page).toHaveURL(/#api-fivesimRoutes$/);
  await expect(page.getByRole('heading', { level: 2, name: docs('fivesimRoutes.title') })).toBeInViewport();

  const intro = page.locator('section', { has: page.locator('#api-fivesim') });
  await expect(intro.getByText(`${baseURL}/v1/`, { exact: true })).toBeVisible();
  const routes = page.getByTestId('api-docs-fivesim-routes');
  await expect(routes.getByRole('row')).toHaveCount(19);
  await expect(routes.getByRole('link', { name: '/v1/guest/countries' })).toHaveAttribute('href', `${baseURL}/v1/guest/countries`);
  await expect(page.getByTestId('api-docs-fivesim-names').getByRole('link', { name: 'GET /v1/guest/products/any/any' })).toHaveAttribute(
    'href',
    `${baseURL}/v1/guest/products/any/any`,
  );
  await expect(page.getByTestId('api-docs-fivesim-steps')).toContainText(`${baseURL}/v1/user/buy/activation/england/any/telegram`);

  // The live lists it links answer there, without a key.
  const countries = await page.request.get(`${baseURL}/v1/guest/countries`);
  expect(countries.status()).toBe(200);
  expect(Object.keys((await countries.json()) as object).length).toBeGreaterThan(0);
  const products = await page.request.get(`${baseURL}/v1/guest/products/any/any`);
  expect(products.status()).toBe(200);
  expect(Object.keys((await products.json()) as object)).toContain('telegram');

  if (process.env.SHOTS_DIR) {
    test.setTimeout(180_000);
    await pictures(page, process.env.SHOTS_DIR);
  }
});

for (const language of ['en', 'ru', 'ms'] as const) {
  test(`on a 390 px phone in ${language}, the page stays within the screen: each row of the wide tables a block of its own`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((stored) => localStorage.setItem('selectedLanguage', stored), { en: 'EN', ru: 'RUS', ms: 'MS' }[language]);
    await page.goto('/api-docs#api-fivesimRoutes');
    await expect(page.getByRole('heading', { level: 2, name: docs('fivesimRoutes.title', language) })).toBeVisible();
    expect(await pageOverflow(page)).toBe(0);
    for (const name of ['fivesimRoutes.title', 'fivesimRefusals.title']) {
      const box = page.getByRole('group', { name: docs(name, language) });
      const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(clientWidth).toBeLessThanOrEqual(390);
      // Nothing hidden to the side: every description is read without scrolling.
      expect(scrollWidth, name).toBeLessThanOrEqual(clientWidth);
    }
    // A long path wraps at its slashes within the screen rather than running on.
    const path = page.getByTestId('api-docs-fivesim-routes').locator('code', { hasText: '/v1/user/buy/activation/' });
    expect(await path.evaluate((element) => element.getClientRects().length)).toBeGreaterThan(1);
    // The first route: its method, path, key and description, each readable.
    const first = page.getByTestId('api-docs-fivesim-routes').locator('tbody tr').first();
    await expect(first).toContainText(`GET/v1/user/profile${docs('fivesimRoutes.user', language)}`);
  });
}

/** On demand (SHOTS_DIR): the page's top and its 5sim-compatible part at 1280 and 390 px, light and dark, for review. */
async function pictures(page: Page, dir: string) {
  mkdirSync(dir, { recursive: true });
  await page.goto('/api-docs');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.evaluate((value) => localStorage.setItem('Theme', value), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/api-docs');
      await expect(page.getByRole('heading', { level: 2, name: docs('fivesim.title') })).toBeVisible();
      await page.screenshot({ path: `${dir}/api-docs-top-${width}-${theme}.png` });
      // From the 5sim-compatible API's first heading to the end of the page.
      const top = await page.locator('#api-fivesim').evaluate((element) => element.closest('section')!.getBoundingClientRect().top + window.scrollY - 16);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({ path: `${dir}/api-docs-5sim-${width}-${theme}.png`, fullPage: true, clip: { x: 0, y: top, width, height: height - top } });
    }
  }
}
