import { expect, type Page } from '@playwright/test';

/**
 * A Temporary Google number in the United Kingdom, bought from the home page's picker and paid from
 * the balance. `atPayment` runs on the Payment page before Pay (it may reload it: the order is kept
 * in local storage). Returns the rental page's path and the number, digits only.
 */
export async function buyTemporary(page: Page, atPayment?: (page: Page) => Promise<void>): Promise<{ rentalPath: string; number: string }> {
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
  const row = column('Number').locator('.picker-row').nth(1);
  const number = (await row.locator('.picker-row__name').textContent())!.replace(/[^\d+]/g, '');
  await row.locator('.picker-row__button').click();
  await column('Number').getByRole('button', { name: 'Get Now' }).click();
  await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
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
