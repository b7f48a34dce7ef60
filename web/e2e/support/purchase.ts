import { expect, type Page } from '@playwright/test';

/**
 * The picker of the page shown (home or Buy Number): a tab, the United Kingdom, a service, the
 * number in row `row` of its list and, for a Shared or Private number, a rent period. Returns the
 * number as the list shows it.
 */
export async function pickUk(page: Page, choice: { tab: 'Shared' | 'Private' | 'Temporary'; service: string; rent?: string; row?: number }): Promise<string> {
  const picker = page.getByRole('region', { name: 'Choose a number' });
  const column = (name: string) => picker.getByRole('region', { name, exact: true });
  await picker.getByRole('tab', { name: choice.tab }).click();
  await expect(column('Country').locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  await expect(column('Service').locator('.picker-row').first()).toBeVisible();
  await column('Service')
    .getByRole('button', { name: new RegExp(`^${choice.service}`) })
    .click();
  const row = column('Number')
    .locator('.picker-row')
    .nth(choice.row ?? 0);
  const number = (await row.locator('.picker-row__name').textContent())!.trim();
  await row.locator('.picker-row__button').click();
  if (choice.rent) await column('Number').getByRole('combobox', { name: 'Rent period' }).selectOption({ label: choice.rent });
  return number;
}

/** Get Now on the picked number, then Next in the order's dialog: the Payment page. */
export async function orderPicked(page: Page) {
  await page.getByRole('region', { name: 'Choose a number' }).getByRole('button', { name: 'Get Now' }).click();
  await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

/**
 * A Temporary Google number in the United Kingdom, bought from the home page's picker and paid from
 * the balance. `atPayment` runs on the Payment page before Pay (it may reload it: the order is kept
 * in local storage). Returns the rental page's path and the number, digits only.
 */
export async function buyTemporary(page: Page, atPayment?: (page: Page) => Promise<void>): Promise<{ rentalPath: string; number: string }> {
  await page.goto('/');
  const number = (await pickUk(page, { tab: 'Temporary', service: 'Google', row: 1 })).replace(/[^\d+]/g, '');
  await orderPicked(page);
  await atPayment?.(page);
  await page.getByTestId('pay-from-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  return { rentalPath: new URL(page.url()).pathname, number };
}

/** The local SMS upstream's page, as a person uses it: the number, sender and text, Send. */
export async function sendSms(page: Page, to: string, from: string, body: string) {
  await page.goto('/_local/sms');
  await page.getByLabel('or any number (E.164)').fill(to);
  await page.getByLabel('From (sender id)').fill(from);
  await page.getByLabel('Text').fill(body);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('body')).toContainText(/delivered to rental/);
}
