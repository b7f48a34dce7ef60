import { expect, test, type Locator, type Page } from '@playwright/test';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { balanceText, headerBalance, topUp } from './support/money';

// Rentals end to end (issue: rentals and messages): top up through a sandbox, buy a number on each
// tab of the picker and pay from the balance, send SMS from the local SMS upstream and see the code
// appear in the open tab without a reload, copy it; close an unused rental for a refund.

test.describe.configure({ timeout: 180_000 });

type Tab = 'Shared' | 'Private' | 'Temporary';

function picker(page: Page) {
  const root = page.getByRole('region', { name: 'Choose a number' });
  return { root, column: (name: 'Country' | 'Service' | 'Number') => root.getByRole('region', { name, exact: true }) };
}

const firstRow = (column: Locator) => column.locator('.picker-row__button').first();

/**
 * Picks a number on a tab of the home page's picker (Temporary and Shared: for `service`), confirms,
 * and pays from the balance on /payment; returns the new rental's page URL and number.
 */
async function buy(page: Page, tab: Tab, country: string, service?: string): Promise<{ url: string; number: string }> {
  await page.goto('/');
  const { root, column } = picker(page);
  await root.getByRole('tab', { name: tab }).click();
  const countries = column('Country');
  await expect(countries.locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
  await countries.getByRole('button', { name: new RegExp(country) }).click();
  if (service) {
    const services = column('Service');
    await expect(services.locator('.picker-row').first()).toBeVisible();
    await services.getByRole('button', { name: new RegExp(`^${service}`) }).click();
  }
  const numbers = column('Number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  const number = (await numbers.locator('.picker-row__name').first().textContent())!.trim();
  await firstRow(numbers).click();
  if (tab !== 'Temporary') await numbers.getByRole('combobox', { name: 'Rent period' }).selectOption({ label: '1 Week' });
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByTestId('pay-from-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  await expect(page.getByTestId('rental-number').first()).toContainText(number.replace(/\s/g, '').slice(-4));
  return { url: page.url(), number: number.replace(/[^\d+]/g, '') };
}

/** The local SMS upstream's page, as a person uses it: pick the number, sender and text, Send. */
async function sendSms(page: Page, to: string, from: string, body: string) {
  await page.goto('/_local/sms');
  await page.getByLabel('or any number (E.164)').fill(to);
  await page.getByLabel('From (sender id)').fill(from);
  await page.getByLabel('Text').fill(body);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('body')).toContainText(/delivered to rental/);
}

test('buy on each tab, receive codes in the open tab without a reload, copy one; close an unused rental for a refund', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  await topUp(page, 'stripe', '50.00');

  const privateRental = await buy(page, 'Private', 'Germany');
  const activation = await buy(page, 'Temporary', 'United Kingdom', 'Google');
  const shared = await buy(page, 'Shared', 'United Kingdom', 'Telegram');

  // The SMS upstream in another tab; the rental pages stay open and are never reloaded.
  const upstream = await context.newPage();
  for (const [rental, from, body, code] of [
    [privateRental, 'Google', 'G-482915 is your Google verification code.', '482915'],
    [activation, 'Google', 'G-731604 is your Google verification code.', '731604'],
  ] as const) {
    await page.goto(rental.url);
    await expect(page.getByTestId('message-row')).toHaveCount(0);
    await sendSms(upstream, rental.number, from, body);
    await expect(page.getByTestId('otp-code').first()).toHaveText(code, { timeout: 3_000 });
    await expect(page.getByTestId('message-body').first()).toHaveText(body);
  }
  await page.getByTestId('otp-copy').first().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('731604');

  // An SMS with markup shows as text and runs nothing.
  await page.goto(privateRental.url);
  await sendSms(upstream, privateRental.number, 'Google', '<img src=x onerror="document.title=\'pwned\'"> code 555123');
  await expect(page.getByTestId('message-body').first()).toHaveText('<img src=x onerror="document.title=\'pwned\'"> code 555123', { timeout: 3_000 });
  expect(await page.title()).not.toBe('pwned');

  // Telegram's words from an ordinary number reach the Shared renter labelled unverified, and are no use.
  await page.goto(shared.url);
  await sendSms(upstream, shared.number, '+15550001111', 'Telegram code: 24680');
  await expect(page.getByTestId('message-unverified')).toHaveText('Unverified sender', { timeout: 3_000 });
  await expect(page.getByTestId('otp-code')).toHaveCount(0); // a collapsed message, never a code to copy

  // Close the unused Shared rental: refunded; the balance and the history show it.
  const before = (await headerBalance(page).textContent())!;
  await page.goto(shared.url);
  await page.getByTestId('rental-close').click();
  await page.getByTestId('rental-close-confirm').click();
  const result = page.getByTestId('rental-close-result');
  await expect(result).toHaveAttribute('data-ended', 'refunded');
  const refund = Number(/\$(\d+\.\d\d)/.exec((await result.textContent())!)![1]);
  const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  await expect(headerBalance(page)).toHaveText(balanceText((dollars(before) + refund).toFixed(2)));
  await page.goto('/dashboard/transaction');
  const rows = page.getByTestId('transactions-table').getByTestId('transaction-row');
  await expect(rows.first()).toHaveAttribute('data-kind', 'refund');
  await expect(rows.first()).toContainText(`+$${refund.toFixed(2)}`);
});

test('report a Temporary number after its code: refunded, and no longer offered for that service', async ({ page, context, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  await topUp(page, 'stripe', '10.00');
  const activation = await buy(page, 'Temporary', 'United Kingdom', 'Google');
  const paid = (await headerBalance(page).textContent())!;

  const upstream = await context.newPage();
  await sendSms(upstream, activation.number, 'Google', 'G-246810 is your Google verification code.');
  const code = page.getByTestId('rental-code');
  await expect(code.getByTestId('otp-code')).toHaveText('246810', { timeout: 3_000 });
  await expect(page.getByRole('group', { name: 'Activation actions' }).getByRole('button')).toHaveText(['Finish', 'Request another code', 'Report number']);

  // A code came, so "not delivered" is not offered; "already used" is, and refunds.
  await page.getByTestId('activation-report').click();
  const dialog = page.getByRole('dialog', { name: /^Report / });
  await expect(dialog.getByTestId('report-reason-not_delivered')).toBeDisabled();
  await dialog.getByTestId('report-reason-already_used').check();
  await dialog.getByTestId('rental-report-confirm').click();
  await expect(page.getByTestId('rental-reported')).toContainText('You reported that the number is already used');
  const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  await expect(headerBalance(page)).toHaveText(balanceText('10.00'));
  expect(dollars(paid)).toBeLessThan(10);

  // Gone from the picker for Google in that country.
  await page.goto('/');
  const { root, column } = picker(page);
  await root.getByRole('tab', { name: 'Temporary' }).click();
  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  await column('Service')
    .getByRole('button', { name: /^Google/ })
    .click();
  const numbers = column('Number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  await numbers.getByRole('searchbox').fill(activation.number.slice(-6));
  await expect(numbers.locator('.picker-row__name', { hasText: activation.number.slice(-4) })).toHaveCount(0);
});
