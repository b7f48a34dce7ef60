import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paymentProviders } from '@numbernest/contracts';
import { createConfirmedUser, signInThroughUi, type LocalUser } from './support/local-user';
import { balanceText, headerBalance, startTopUp, topUp } from './support/money';

// Money end to end (issue: money): a new account tops up through every provider's sandbox checkout
// (the sandbox posts the provider's signed notification to the real webhook), cancels one, sends
// money to a second account and exports its history. The real local cloud, no mocks.

test.describe.configure({ timeout: 120_000 });

/** A brand-new account: signed up with Cognito, its e-mailed code entered, then signed in through the UI. */
async function newAccount(page: Page, request: APIRequestContext, baseURL: string): Promise<LocalUser> {
  const user = await createConfirmedUser(baseURL);
  await signInThroughUi(page, user);
  await expect(headerBalance(page)).toHaveText(balanceText('0.00'));
  return user;
}

test('a new account tops up $25 through each of the five sandboxes; the header balance rises by exactly that each time', async ({ page, request, baseURL }) => {
  await newAccount(page, request, baseURL!);
  let cents = 0;
  for (const provider of paymentProviders) {
    await topUp(page, provider, '25.00');
    cents += 2500;
    await page.goto('/dashboard');
    await expect(headerBalance(page), provider).toHaveText(balanceText((cents / 100).toFixed(2)));
  }
  // Each top-up is one entry in the history.
  await page.goto('/dashboard/transaction');
  await expect(page.getByTestId('transactions-table').locator('[data-testid="transaction-row"][data-kind="top-up"]')).toHaveCount(5);
});

test('Cancel at a checkout says nothing was charged and leaves the balance unchanged', async ({ page, request, baseURL }) => {
  await newAccount(page, request, baseURL!);
  await startTopUp(page, 'stripe', '10.00');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/stripe\/cancel/);
  await expect(page.getByText(/Nothing was charged/i).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(headerBalance(page)).toHaveText(balanceText('0.00'));
});

test('a transfer to a second account: both balances and both histories right; the CSV export downloads', async ({ browser, page, request, baseURL }) => {
  const alice = await newAccount(page, request, baseURL!);
  await topUp(page, 'payeer', '25.00');

  const bob = await createConfirmedUser(baseURL!);
  const bobPage = await (await browser.newContext()).newPage();
  await signInThroughUi(bobPage, bob); // makes Bob's account, so he can be found by e-mail

  await page.goto('/dashboard/balance-transfer');
  await page.getByTestId('transfer-email').fill(bob.email);
  await page.getByTestId('transfer-amount').fill('10');
  await page.getByTestId('transfer-note').fill('for the numbers');
  await page.getByTestId('transfer-continue').click();
  await expect(page.getByText(bob.email)).toBeVisible(); // the confirmation step names the recipient
  await page.getByTestId('transfer-confirm').click();
  await expect(page).toHaveURL(/\/transfer-successful/);
  await page.goto('/dashboard');
  await expect(headerBalance(page)).toHaveText(balanceText('15.00'));

  await page.goto('/dashboard/transaction');
  const aliceRows = page.getByTestId('transactions-table').getByTestId('transaction-row');
  await expect(aliceRows).toHaveCount(2);
  await expect(aliceRows.first()).toHaveAttribute('data-kind', 'transfer-out');
  await expect(aliceRows.first()).toContainText('-$10.00');

  await bobPage.goto('/dashboard/transaction');
  await expect(bobPage.getByRole('banner').getByTestId('header-balance')).toHaveText(balanceText('10.00'));
  const bobRows = bobPage.getByTestId('transactions-table').getByTestId('transaction-row');
  await expect(bobRows).toHaveCount(1);
  await expect(bobRows.first()).toHaveAttribute('data-kind', 'transfer-in');
  await expect(bobRows.first()).toContainText(alice.email);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('transactions-export').click()]);
  expect(download.suggestedFilename()).toBe('transactions.csv');
  // Worded as the table words it, UTF-8 with a byte order mark (Excel), the date quoted for its commas.
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Date,Description,Note,Type,Amount,Balance after,Reference');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^"[^"]+",Transfer to [^,]+,[^,]*,Transfer sent,-\$10\.00,\$15\.00,\S+$/);
  expect(lines[1]).toContain(bob.email);
  expect(lines[2]).toMatch(/^"[^"]+",Top-up via Payeer,,Top-up,\+\$25\.00,\$25\.00,\S+$/);
});

test('card money: held from transfers for a day; disputed from Stripe’s sandbox, it is taken back and the account is on hold', async ({
  page,
  request,
  baseURL,
}) => {
  await newAccount(page, request, baseURL!);
  await topUp(page, 'stripe', '25.00');
  const topUpId = new URL(page.url()).searchParams.get('top_up')!;
  await page.goto('/dashboard/balance-transfer');
  await expect(page.getByText('You can send $0.00 now · $25.00 from card top-ups is held for 24 hours', { exact: false })).toBeVisible();

  // What the card's bank does, on the sandbox's payments page: Dispute posts charge.dispute.created.
  await page.goto('/_local/stripe/payments');
  const payment = page.locator('section', { hasText: `top-up ${topUpId}` });
  await payment.getByRole('button', { name: 'Dispute' }).click();
  await expect(page).toHaveURL(/\/_local\/stripe\/payments$/);
  await expect(payment.getByText('needs_response')).toBeVisible();

  await page.goto('/dashboard/balance-transfer');
  await expect(headerBalance(page)).toHaveText(balanceText('0.00'));
  await expect(page.getByRole('alert')).toContainText('Your account is on hold');
  await expect(page.getByTestId('transfer-continue')).toBeDisabled();
  await page.goto('/dashboard/transaction');
  await expect(page.getByTestId('transactions-table').locator('[data-testid="transaction-row"][data-kind="chargeback"]')).toHaveCount(1);
});
