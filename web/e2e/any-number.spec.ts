import { expect, test } from '@playwright/test';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { topUp } from './support/money';

// "Any number" on the picker's Temporary tab, end to end in the local cloud: chosen by default with
// its count, confirmed and paid from the balance; the rental shows the number actually bought.

test.describe.configure({ timeout: 180_000 });

test('buys "Any number" of a Temporary service: the count, the confirmation, Pay, the number bought', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  await topUp(page, 'stripe', '10.00');

  await page.goto('/');
  const root = page.getByRole('region', { name: 'Choose a number' });
  const column = (name: 'Country' | 'Service' | 'Number') => root.getByRole('region', { name, exact: true });
  await root.getByRole('tab', { name: 'Temporary' }).click();
  await expect(column('Country').locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  await expect(column('Service').locator('.picker-row').first()).toBeVisible();
  await column('Service')
    .getByRole('button', { name: /^Google/ })
    .click();

  const numbers = column('Number');
  // First, chosen, with how many are on offer; our own numbers listed under it.
  const any = numbers.getByRole('button', { name: /^Any number/ });
  await expect(any).toHaveText(/Any number\s*\d+ available/);
  await expect(any).toHaveAttribute('aria-pressed', 'true');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  await expect(root.getByTestId('summary-strip')).toContainText('Any number');

  await numbers.getByRole('button', { name: 'Get Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(dialog).toContainText('Any number');
  await expect(dialog).toContainText('20 minutes');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('payment-summary')).toContainText('Any number');
  await page.getByTestId('pay-from-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  // The number actually bought, a United Kingdom one.
  await expect(page.getByTestId('rental-number').first()).toHaveText(/^\s*\+44[\d\s]+$/);
});
