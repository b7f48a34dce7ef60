import { expect, type Page } from '@playwright/test';
import type { PaymentProvider } from '@numbernest/contracts';

export const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('header-balance');
export const balanceText = (dollars: string) => `My Balance: $${dollars}`;

/** TOP-UP Balance -> amount, provider, Pay: lands on the provider's sandbox checkout. */
export async function startTopUp(page: Page, provider: PaymentProvider, amount: string) {
  await page.goto('/dashboard/topup-balance');
  await page.getByTestId('topup-amount').fill(amount);
  await page.getByTestId(`provider-${provider}`).click();
  await page.getByTestId('topup-pay').click();
  await expect(page).toHaveURL(/\/_local\//);
  await expect(page.getByTestId('sandbox-amount')).toContainText(amount);
}

/** A whole top-up through a sandbox: Pay, back on the success route, credited. */
export async function topUp(page: Page, provider: PaymentProvider, amount: string) {
  await startTopUp(page, provider, amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${provider}/success\\?top_up=`));
  await expect(page.getByTestId('topup-status')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
}
