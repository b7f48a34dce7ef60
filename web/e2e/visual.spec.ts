import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser, signInThroughUi, type LocalUser } from './support/local-user';
import { topUp } from './support/money';
import { opsCli } from './support/operator';
import { buyTemporary, sendSms } from './support/purchase';

// The key screens against committed pictures (e2e/__screenshots__/visual.spec.ts/), in light and dark,
// at 1280 and 390 px: a lost stylesheet, a squashed icon or a box over a heading changes the picture,
// which no assertion of behaviour notices. What differs from run to run (the account's e-mail, the
// number bought, dates, times and countdowns) is masked; e2e/visual.css stills what moves.
// After a deliberate change of the look: `npm run e2e:screenshots -w web`, then review the new PNGs.

test.describe.configure({ timeout: 300_000 });

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const themes = ['light', 'dark'] as const;
const stylePath = new URL('./visual.css', import.meta.url).pathname;

/** Loaded and settled: the page's heading, no loader, fonts ready, nothing moving. */
async function settled(page: Page, ready?: Locator) {
  await expect(page.getByRole('main').locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.loader--block, .loader')).toHaveCount(0, { timeout: 20_000 });
  if (ready) await expect(ready).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Text that differs from run to run: the account's e-mail, phone numbers, dates (a year) and times or
 * countdowns, and a Temporary service's delivery rate (what earlier tests bought and got codes for).
 */
const volatile = (page: Page, email?: string): Locator[] => [
  ...(email ? [page.getByText(email)] : []),
  page.getByText(/\+\d{9,}/),
  page.getByText(/\b20\d\d\b/),
  page.getByText(/\b\d{1,2}:\d{2}\b/),
  page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/),
  page.getByTestId('delivery-rate'),
];

/**
 * A mask hides volatile text but keeps its width, and a table sizes its columns by it: "1:05 PM"
 * and "12:05 PM" shift every column after the date. Dates and times become one fixed stand-in
 * (still matched by the masks), days of the month two digits and the digits of phone numbers zeros, so the layout is the same
 * on every run.
 */
async function freezeVolatileText(page: Page) {
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const hasYear = /\b20\d\d\b/.test(text);
      if (hasYear && /\b\d{1,2}:\d{2}\b/.test(text)) node.nodeValue = '00.00.2026, 00:00';
      else if (hasYear) node.nodeValue = text.replace(/\b\d{1,2}\b/g, '00');
      else if (/\+\d{9,}/.test(text)) node.nodeValue = text.replace(/\+\d{9,}/g, (phone) => phone.replace(/\d/g, '0'));
    }
  });
}

/**
 * `name` in both themes at both widths: the page is opened with the theme stored (as a returning
 * visitor has it), then resized; each picture is of the screen the visitor sees, not the whole scroll.
 */
async function pictures(
  page: Page,
  name: string,
  path: string,
  options: { email?: string; ready?: (page: Page) => Locator; before?: (page: Page) => Promise<void>; mask?: (page: Page) => Locator[] } = {},
) {
  for (const theme of themes) {
    await page.evaluate((value) => localStorage.setItem('Theme', value), theme);
    for (const [size, viewport] of Object.entries(sizes)) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await settled(page, options.ready?.(page));
      await options.before?.(page);
      await freezeVolatileText(page);
      await expect(page, `${name} ${theme} ${size}`).toHaveScreenshot(`${name}-${theme}-${size}.png`, {
        stylePath,
        mask: [...volatile(page, options.email), ...(options.mask?.(page) ?? [])],
        animations: 'disabled',
        caret: 'hide',
      });
    }
  }
}

test('a visitor: the landing page with the picker, and sign-up', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('region', { name: 'Choose a number' });
  await pictures(page, 'landing', '/');
  await pictures(page, 'picker', '/', {
    ready: () => picker.locator('.picker-row').first(),
    before: async () => picker.scrollIntoViewIfNeeded(),
  });
  await pictures(page, 'sign-up', '/signUp');
});

test.describe('a customer', () => {
  let user: LocalUser;
  test.beforeEach(async ({ page, baseURL }) => {
    user = await createConfirmedUser(baseURL!);
    await signInThroughUi(page, user);
  });

  test('the dashboard, top-up, the Payment page, a rental with its code, transactions, account settings', async ({ page }) => {
    const { email } = user;
    await topUp(page, 'stripe', '20.00');
    await pictures(page, 'dashboard', '/dashboard', { email });
    await pictures(page, 'top-up', '/dashboard/topup-balance', { email });
    const { rentalPath, number } = await buyTemporary(page, (payment) => pictures(payment, 'payment', '/payment', { email }));
    await sendSms(page, number, 'Google', 'G-482915 is your Google verification code.');
    await pictures(page, 'rental', rentalPath, { email, ready: (shown) => shown.getByText('482915').first() });
    await pictures(page, 'transactions', '/dashboard/transaction', { email });
    await pictures(page, 'account-settings', '/dashboard/account-settings', { email });
    // Below the fold: SMS forwarding, each channel's switch with what connects it under it.
    const forwarding = (shown: Page) => shown.getByRole('region', { name: 'Forward each SMS to' });
    await pictures(page, 'forwarding', '/dashboard/account-settings', {
      email,
      ready: (shown) => forwarding(shown).getByRole('switch', { name: 'WhatsApp' }),
      before: async (shown) => {
        await forwarding(shown).getByTestId('telegram-connect').waitFor();
        await forwarding(shown).evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
      },
    });
  });
});

test('an operator: the console overview and the audit log', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await opsCli('grant-operator', user.email);
  await signInThroughUi(page, user);
  // The console's figures and log are the whole run's (other specs move money and act at the same
  // time): the overview's figures and charts are masked, and the log is shown for a day with no entry.
  await pictures(page, 'console-overview', '/ops', {
    email: user.email,
    mask: (shown) => [shown.getByRole('main').locator('canvas'), shown.getByRole('main').getByText(/\d/)],
    // Which cards wait, and each figure with its note (one line or two), are the run's too: every card
    // is pictured as not waiting and every figure as one fixed stand-in, so the layout is every run's.
    before: (shown) =>
      shown.getByRole('main').evaluate((main) => {
        main.querySelectorAll('.ops-open__card--waiting').forEach((card) => card.classList.remove('ops-open__card--waiting'));
        main.querySelectorAll('.ops-kpi__value').forEach((value) => (value.textContent = '0'));
        main.querySelectorAll('.ops-kpi__note').forEach((note) => (note.textContent = '0'));
      }),
  });
  await pictures(page, 'console-audit', '/ops/audit', {
    email: user.email,
    before: async (shown) => {
      await shown.getByLabel('From (UTC day)').fill('2020-01-01');
      await shown.getByLabel('To (UTC day)').fill('2020-01-01');
      await shown.getByRole('button', { name: 'Apply' }).click();
      await expect(shown.getByText('No operator actions yet.')).toBeVisible();
    },
  });
});

test('a partner: the partner page, before any agent or payout', async ({ page, baseURL }) => {
  // A new partner's page is its own data only (no agent polled, nothing earned), so every run pictures the same.
  const user = await createConfirmedUser(baseURL!);
  await opsCli('grant-partner', user.email);
  await signInThroughUi(page, user);
  await pictures(page, 'partner', '/partner', {
    email: user.email,
    ready: (shown) => shown.getByText('No payouts yet'),
  });
});
