import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { copy } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { balanceText, headerBalance, topUp } from './support/money';
import { pickUk } from './support/purchase';

// A visitor's first purchase from the landing page: Get Now keeps the selection through sign-up and
// the e-mail code (signed in by the code, no second password), Payment in the dashboard with Pay
// first, a shortfall topped up by exactly what is missing and back on Payment to finish. And a held
// account: told why on every dashboard page, and no purchase started that would be refused.

test.describe.configure({ timeout: 180_000 });

const password = 'Passw0rd!';

async function signUpCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/_local/mail.json?to=${encodeURIComponent(email)}`)).json()) as { kind: string; code: string }[];
      code = mails.find((mail) => mail.kind === 'sign-up')?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The picker (home or Buy Number): UK, Telegram, its first number, 1 Week. Returns the number as shown. */
const pickUkTelegram = (page: Page) => pickUk(page, { tab: 'Shared', service: 'Telegram', rent: '1 Week' });

test('a visitor picks a number, signs up from Get Now, is signed in by the e-mail code with the same selection, tops up the shortfall and pays', async ({
  page,
  request,
}) => {
  const email = `first-${randomUUID()}@example.com`;
  await page.goto('/');
  const number = await pickUkTelegram(page);
  await page.getByRole('button', { name: copy('picker', 'getNow') }).click();
  await expect(page.getByText(copy('picker', 'warnings.loginFirst'))).toBeVisible();
  await expect(page).toHaveURL(/\/signUp\?return=/);

  await page.getByLabel(copy('auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(copy('auth', 'fields.password'), { exact: true }).fill(password);
  await page.getByLabel(copy('auth', 'fields.confirm'), { exact: true }).fill(password);
  await page.getByRole('button', { name: copy('auth', 'signUp.submit') }).click();
  await expect(page).toHaveURL(/\/confirm-email\?/);
  await page.getByRole('link', { name: copy('auth', 'actions.enterCode') }).click();
  await page.getByLabel(copy('auth', 'fields.code'), { exact: true }).fill(await signUpCode(request, email));
  await page.getByRole('button', { name: copy('auth', 'verifyEmail.submit') }).click();

  // Signed in by the code, on Buy Number with the same selection waiting to be confirmed.
  await expect(page).toHaveURL(/\/dashboard\/buy-number$/);
  const dialog = page.getByRole('dialog', { name: copy('picker', 'confirm.title') });
  for (const text of ['United Kingdom', 'Telegram', number, '1 Week']) await expect(dialog).toContainText(text);
  const total = (await dialog.locator('.confirm__row--total dd').textContent())!.trim();
  await dialog.getByRole('button', { name: copy('picker', 'confirm.next') }).click();

  // Payment in the dashboard's shell; a new account has nothing, so the top-up is exactly the total.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('navigation', { name: copy('dashboard', 'nav.label') }).first()).toBeAttached();
  const pay = page.getByTestId('pay-from-balance');
  await expect(pay).toHaveText(copy('payment', 'pay.submit').replace('{{amount}}', total));
  await expect(pay).toBeDisabled();
  const shortfall = page.getByTestId('payment-shortfall');
  await shortfall.getByRole('link', { name: copy('payment', 'shortfall.topUp').replace('{{amount}}', total) }).click();
  await expect(page).toHaveURL(/\/dashboard\/topup-balance\?return=\/payment&amount=/);
  await expect(page.getByTestId('topup-amount')).toHaveValue(total.replace('$', ''));
  await page.getByTestId('provider-stripe').click();
  await page.getByTestId('topup-pay').click();
  await expect(page).toHaveURL(/\/_local\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // The provider's return page waits for the credit, then hands back to Payment with the same order.
  await expect(page).toHaveURL(/\/payment$/, { timeout: 30_000 });
  await expect(page.getByTestId('payment-summary')).toContainText(number);
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  await expect(headerBalance(page)).toHaveText(balanceText('0.00'));
});

test('a held account: the banner on every dashboard page says why and that paying back does not lift it; no purchase can start', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  await expect(page.getByTestId('account-hold-banner')).toHaveCount(0);
  await topUp(page, 'stripe', '25.00');
  const topUpId = new URL(page.url()).searchParams.get('top_up')!;

  // What the card's bank does, on the sandbox's payments page: Dispute posts charge.dispute.created.
  await page.goto('/_local/stripe/payments');
  await page
    .locator('section', { hasText: `top-up ${topUpId}` })
    .getByRole('button', { name: 'Dispute' })
    .click();
  await expect(page).toHaveURL(/\/_local\/stripe\/payments$/);

  for (const path of ['/dashboard', '/dashboard/topup-balance', '/dashboard/my-number']) {
    await page.goto(path);
    const banner = page.getByTestId('account-hold-banner');
    await expect(banner, path).toBeVisible();
    await expect(banner).toHaveAttribute('data-cause', 'chargeback');
    await expect(banner).toContainText(copy('common', 'accountHold.title'));
    await expect(banner).toContainText(copy('common', 'accountHold.decision'));
  }

  // Buy Number: Get Now says purchases are paused instead of leading to a payment.
  await page.goto('/dashboard/buy-number');
  await pickUkTelegram(page);
  await expect(page.getByTestId('hold-purchase-note')).toHaveText(copy('common', 'accountHold.purchasePaused'));
  await expect(page.getByRole('button', { name: copy('picker', 'getNow') })).toBeDisabled();
});
