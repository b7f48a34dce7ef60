import { expect, test, type Locator, type Page } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi, type LocalUser } from './support/local-user';
import { topUp } from './support/money';
import { orderPicked, pickUk } from './support/purchase';

// The signed-in shell and the dashboard against the real local cloud: a confirmed user of
// its cognito-local, signed in through the sign-in page, the real API and DynamoDB Local.

test.describe.configure({ timeout: 60_000 });

const dash = (key: string) => copy('dashboard', key);
const account = (key: string) => copy('account', key);
const notifications = (key: string) => copy('notifications', key);

const routes: Array<[path: string, title: string, heading: string]> = [
  ['/dashboard', 'titles.dashboard', dash('home.title')],
  ['/dashboard/my-number', 'titles.myNumber', dash('myNumber.title')],
  ['/dashboard/manage-number', 'titles.manageNumber', dash('manageNumber.title')],
  ['/dashboard/buy-number', 'titles.buyNumber', dash('buyNumber.title')],
  ['/dashboard/transaction', 'titles.transaction', dash('transaction.title')],
  ['/dashboard/balance-transfer', 'titles.balanceTransfer', dash('balanceTransfer.title')],
  ['/dashboard/topup-balance', 'titles.topUpBalance', dash('topUp.title')],
  ['/dashboard/appearance', 'titles.appearance', account('appearance.title')],
  ['/dashboard/account-settings', 'titles.accountSettings', account('settings.title')],
];

async function signedIn(page: Page, baseURL: string | undefined): Promise<LocalUser> {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  return user;
}

/** Fails when the toast covers any pixel of one of `covered` (each must be on screen). */
async function expectUncovered(toast: Locator, covered: Record<string, Locator>) {
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  for (const [name, locator] of Object.entries(covered)) {
    const other = (await locator.boundingBox())!;
    const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    expect(overlaps, `the toast covers ${name}`).toBe(false);
  }
}

/**
 * A notification made the way the backend makes them (core `notify()`), straight into the local
 * cloud's DynamoDB: `npm run e2e` hands the cloud's environment to Playwright.
 */
async function notify(user: LocalUser, title: string, message: string) {
  test.skip(!process.env.AWS_ENDPOINT_URL_DYNAMODB, 'needs the local cloud environment (run through `npm run e2e -w web`)');
  const { notify: addNotification } = await import('@numbernest/core/notifications');
  await addNotification(user.sub, { title, message });
}

test('every dashboard route renders with its title; the header shows the balance, bell and user menu', async ({ page, baseURL }) => {
  test.slow(); // signs up, then loads every dashboard route: over a minute on a loaded CI machine
  await signedIn(page, baseURL);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-balance')).toHaveText('My Balance: $0.00');
  await expect(header.getByRole('link', { name: dash('header.topUp') })).toHaveAttribute('href', '/dashboard/topup-balance');
  await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();

  for (const [path, title, heading] of routes) {
    await page.goto(path);
    await expect(page).toHaveTitle(pageTitle(title));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(header.getByTestId('header-balance')).toHaveText('My Balance: $0.00');
  }

  // The side navigation and the user menu lead to the same pages.
  await page
    .getByRole('navigation', { name: dash('nav.label') })
    .getByRole('link', { name: dash('nav.transaction') })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/transaction$/);
  await expect(page.getByText(dash('empty.transactions'))).toBeVisible();
  await header.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: dash('menu.myDashboard') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: dash('home.account.title') })).toContainText(dash('home.account.verified'));

  // Outside the dashboard the header keeps only the user menu.
  await page.goto('/about');
  await expect(header.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(header.getByTestId('header-balance')).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('on a phone the dashboard navigation is a side drawer', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, baseURL);
  await expect(page.getByRole('navigation', { name: dash('nav.label') })).toBeHidden();
  await page.getByRole('button', { name: copy('common', 'nav.openDashboardMenu') }).click();
  const drawer = page.getByRole('navigation', { name: dash('drawer.label') });
  await expect(drawer.locator('a.side-link')).toHaveText(
    ['home', 'myNumber', 'manageNumber', 'buyNumber', 'transaction', 'balanceTransfer', 'topUp', 'appearance', 'accountSetting'].map((key) =>
      dash(`nav.${key}`),
    ),
  );
  await expect(drawer.getByRole('button', { name: dash('nav.logout') })).toBeVisible();
  await drawer.getByRole('link', { name: dash('nav.buyNumber') }).click();
  await expect(page).toHaveURL(/\/dashboard\/buy-number$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Shared' })).toBeVisible(); // the home page's picker
});

test('a notification arrives on the bell, is read by a click, and mark-all reads the rest', async ({ page, baseURL }) => {
  const user = await signedIn(page, baseURL);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await notify(user, 'Welcome to NumberNest', `Your account is ready. ${'Rent a number to receive codes. '.repeat(5)}`);
  // The 10 s poll brings it in.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  await expect(page.getByTestId('unread-badge')).toHaveText('1');

  await bell.click();
  const panel = page.getByRole('region', { name: notifications('title') });
  await expect(panel.getByRole('heading', { name: notifications('title') })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read (1)' })).toBeEnabled();
  expect(await panel.getByTestId('notification-list').evaluate((list) => list.getBoundingClientRect().height)).toBe(530);
  const item = panel.getByTestId('notification').first();
  await expect(item).toHaveClass(/notice--unread/);
  await expect(item).toContainText('Welcome to NumberNest');
  await expect(item).toContainText(/now|seconds? ago/);
  await expect(item.locator('.notice__message')).toHaveText(/^.{100}…$/);

  await item.getByRole('button', { name: /mark as read/ }).click();
  await expect(item).not.toHaveClass(/notice--unread/);
  await expect(item.getByRole('button', { name: notifications('read') })).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await notify(user, 'Balance topped up', 'Your balance grew by 5.00$.');
  await notify(user, 'Rental ends soon', 'Your number expires tomorrow.');
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  await expect(panel.getByTestId('notification')).toHaveCount(3);
  await expect(panel.locator('.notice--unread')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all as read (2)' }).click();
  // Its toast comes while the panel is open, and leaves the panel's head readable.
  await expectUncovered(page.getByRole('status').filter({ hasText: 'All notifications marked as read' }), {
    'the panel title and mark-all': panel.locator('.notif-panel__header'),
  });
  await expect(panel.locator('.notice--unread')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read (0)' })).toBeDisabled();

  // A click outside closes the panel.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(panel).toBeHidden();
});

test('on a phone, toasts leave the new rental’s title and number and the notification panel’s head uncovered', async ({ page, baseURL }) => {
  test.setTimeout(150_000); // a top-up and a purchase before the checks; over a minute on a loaded machine
  await signedIn(page, baseURL);
  await topUp(page, 'stripe', '10.00');
  await page.goto('/');
  await pickUk(page, { tab: 'Shared', service: 'WhatsApp', rent: '1 Week' });
  await orderPicked(page);

  // Paid on a phone: the toast that says so must not hide what the rental page opens with.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('pay-from-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  await expectUncovered(page.getByRole('status').filter({ hasText: 'is yours. Messages to it appear on its page.' }), {
    'the rental page title': page.getByRole('main').locator('h1').first(),
    'the number': page.getByTestId('rental-number').first(),
  });

  // The top-up and the purchase have left unread notifications: mark-all's toast comes with the panel open.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: notifications('title') });
  await panel.getByRole('button', { name: /^Mark all as read \([1-9]\d*\)$/ }).click();
  await expectUncovered(page.getByRole('status').filter({ hasText: 'All notifications marked as read' }), {
    'the panel title and mark-all': panel.locator('.notif-panel__header'),
  });
});

test('appearance: theme and language choices persist across a reload', async ({ page, baseURL }) => {
  await signedIn(page, baseURL);
  await page.goto('/dashboard/appearance');
  await page.getByText(account('appearance.themes.dark'), { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByText(account('appearance.languages.RUS'), { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy('account', 'appearance.title', 'ru') })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: copy('account', 'appearance.title', 'ru') })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle('titles.appearance', 'ru'));
  await expect(page.getByRole('radio', { name: new RegExp(copy('account', 'appearance.themes.dark', 'ru')) })).toBeChecked();
  expect(await page.evaluate(() => [localStorage.getItem('Theme'), localStorage.getItem('selectedLanguage')])).toEqual(['dark', 'RUS']);
  await expect(page.getByTestId('header-balance')).toHaveText(`${copy('dashboard', 'header.balanceLabel', 'ru')} 0,00 $`);
});

test('notification settings are saved on the server and survive a reload', async ({ page, baseURL }) => {
  await signedIn(page, baseURL);
  await page.goto('/dashboard/account-settings');
  const reminders = page.getByRole('switch', { name: account('settings.notifications.reminders') });
  await expect(reminders).toBeChecked({ timeout: 20_000 }); // the profile's first read, slow on a loaded machine
  await reminders.click({ force: true }); // the input sits under the drawn track
  await expect(reminders).not.toBeChecked();
  await expect(page.getByText(account('settings.status.saved'))).toBeVisible();
  await page.getByRole('combobox', { name: account('settings.notifications.ringtone') }).selectOption('bell');
  await page.getByRole('checkbox', { name: account('settings.events.balance') }).uncheck();
  await expect(page.getByText(account('settings.status.saved'))).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: account('settings.notifications.reminders') })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: account('settings.notifications.ringtone') })).toHaveValue('bell');
  await expect(page.getByRole('checkbox', { name: account('settings.events.balance') })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: account('settings.events.new_message') })).toBeChecked();
  await expect(page.getByRole('switch', { name: account('settings.notifications.notification'), exact: true })).toBeChecked();
});

test('delete account: typing DELETE confirms, the account goes and the visitor is signed out at home', async ({ page, baseURL }) => {
  const user = await signedIn(page, baseURL);
  await page.goto('/dashboard/account-settings');
  await page.getByRole('button', { name: account('settings.delete.open') }).click();
  const dialog = page.getByRole('dialog', { name: account('settings.delete.modalTitle') });
  const confirm = dialog.getByRole('button', { name: account('settings.delete.confirm') });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(account('settings.delete.done'))).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

  // The dashboard is closed to it now, and the account cannot sign in any more.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/logIn/);
  await page.getByLabel(copy('auth', 'fields.email'), { exact: true }).fill(user.email);
  await page.getByLabel(copy('auth', 'fields.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: copy('auth', 'logIn.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/logIn/);
  await expect(page.getByRole('alert')).toBeVisible();
});
