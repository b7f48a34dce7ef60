import { readdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { opsRouteTable } from '../src/app/ops/route-table';
import { routePaths } from '../src/app/route-table';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { topUp } from './support/money';
import { opsCli } from './support/operator';

// Every route of the route table fits a 360 px wide phone (nothing scrolls the page sideways), in every
// language of web/src/locales, signed out and signed in (as an operator, so the console is walked too).
// A guarded route is checked where it lands. Each walk is one part of the site (its timeout grows with
// the pages it opens), so a slow machine stretches the walks instead of cutting the longest one off.

const phone = { width: 360, height: 740 };
const languages = readdirSync(new URL('../src/locales/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What the signed-in walk needs: the session, and real values for the routes' parameters. */
interface Setup {
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  rentalId: string;
  sub: string;
}
let setup: Setup | undefined;

/** The parts of the site walked one test each: the route tables' paths (the app's and the console's). */
const sections = {
  site: routePaths().filter((path) => !path.startsWith('/dashboard')),
  dashboard: routePaths().filter((path) => path.startsWith('/dashboard')),
  console: routePaths(opsRouteTable, '/ops'),
};
/** Time for the signed-in setup (sign-up, top-up, purchase, SMS) and for each page opened. */
const setupTime = 90_000;
const pageTime = 12_000;

/** A section's paths, with a real value for each route with a parameter ('*' is any unknown path). */
function withValues(paths: string[], values: Record<string, string>): string[] {
  return paths.map((path) => {
    if (!/[:*]/.test(path)) return path;
    const value = values[path];
    if (!value) throw new Error(`No value for the route ${path}: add one to the walk`);
    return value;
  });
}

/** A confirmed user with a paid rental that has received an SMS, signed in; the session is kept for the walks. */
async function signedInSetup(browser: Browser, baseURL: string): Promise<Setup> {
  if (setup) return setup;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await createConfirmedUser(baseURL);
  await signInThroughUi(page, user);
  await topUp(page, 'stripe', '20.00');

  // A Temporary number on the home page's picker, paid from the balance.
  await page.goto('/');
  const picker = page.getByRole('region', { name: 'Choose a number' });
  const column = (name: string) => picker.getByRole('region', { name, exact: true });
  await picker.getByRole('tab', { name: 'Temporary' }).click();
  await expect(column('Country').locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  await column('Service')
    .getByRole('button', { name: /^Google/ })
    .click();
  // The last number: rentals.spec.ts buys the first one, and the two run at the same time.
  await column('Number').locator('.picker-row__button').last().click();
  await column('Number').getByRole('button', { name: 'Get Now' }).click();
  await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('pay-from-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  const rentalId = new URL(page.url()).pathname.split('/').at(-1)!;
  const number = (await page.getByTestId('rental-number').first().textContent())!.replace(/[^\d+]/g, '');

  // A long message, through the local SMS upstream as a person sends one.
  await page.goto('/_local/sms');
  await page.getByLabel('or any number (E.164)').fill(number);
  await page.getByLabel('From (sender id)').fill('Google');
  await page.getByLabel('Text').fill(`G-482915 is your Google verification code. https://accounts.google.com/${'x'.repeat(80)} Don't share it.`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('body')).toContainText(/delivered to rental/);

  // An operator, signed in again so the stored token carries the group.
  await opsCli('grant-operator', user.email);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, user);

  setup = { storageState: await context.storageState(), rentalId, sub: user.sub };
  await context.close();
  return setup;
}

/** Chooses `lng` in the header's language menu (on a page whose header shows it) and waits for it to apply. */
async function switchLanguage(page: Page, lng: string) {
  await page.goto('/about');
  const trigger = page.getByRole('banner').locator('.lang > button');
  const items = page.getByRole('menuitemradio');
  await trigger.click();
  await expect(items).toHaveCount(languages.length);
  for (let index = 0; index < languages.length; index++) {
    if (index > 0) await trigger.click();
    await items.nth(index).click();
    if ((await page.evaluate(() => document.documentElement.lang)) === lng) return;
  }
  throw new Error(`No entry of the language menu switches to "${lng}"`);
}

/** Opens a path and waits for the page's own content: a level-1 heading in <main>, and no loader left in it. */
async function open(page: Page, path: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(main.locator('.loader--block')).toHaveCount(0, { timeout: 15_000 });
}

for (const lng of languages) {
  for (const signedIn of [false, true]) {
    for (const [section, sectionPaths] of Object.entries(sections)) {
      test(`every ${section} route fits a ${phone.width} px phone, ${lng}, signed ${signedIn ? 'in' : 'out'}`, async ({ browser, baseURL }) => {
        test.setTimeout(setupTime + (sectionPaths.length + 1) * pageTime);
        const blogs = (await (await fetch(new URL('/api/blogs', baseURL))).json()) as { data: { id: string }[] };
        const session = signedIn ? await signedInSetup(browser, baseURL!) : undefined;
        const values = {
          '/blogs/:id': `/blogs/${blogs.data[0]!.id}`,
          // Signed out, any rental sends the visitor to /logIn.
          '/dashboard/my-number/:id': `/dashboard/my-number/${session?.rentalId ?? 'none'}`,
          // The console's customer view, of the operator's own account (signed out: /logIn).
          '/ops/users/:sub': `/ops/users/${session?.sub ?? 'none'}`,
          '/*': '/no/such/page',
        };
        const context = await browser.newContext({ baseURL, viewport: phone, storageState: session?.storageState });
        const page = await context.newPage();
        try {
          await switchLanguage(page, lng);
          const wide: string[] = [];
          for (const path of withValues(sectionPaths, values)) {
            await open(page, path);
            const { scrollWidth, innerWidth, landed } = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
              landed: location.pathname,
            }));
            // Signed in, the dashboard and the console show themselves (the walk would pass vacuously on /logIn).
            if (session && /^\/(dashboard|ops)/.test(path)) expect(landed, `${path} signed in`).toBe(path);
            if (scrollWidth > innerWidth) wide.push(`${path}${landed === path ? '' : ` (at ${landed})`}: ${scrollWidth} px wide`);
          }
          expect(wide, `pages wider than ${phone.width} px in ${lng}, signed ${signedIn ? 'in' : 'out'}`).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
}
