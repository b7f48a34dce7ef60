import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js/min';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { balanceText, headerBalance, startTopUp } from './support/money';
import { opsCli } from './support/operator';

// The operator's day, end to end against the local cloud: an operator made with the command line
// (the only way there is), signed in through the sign-in page, working in the console.

// Two people, five steps and a price cache's lifetime to wait out: over three minutes on a loaded machine.
test.describe.configure({ timeout: 240_000 });

const ops = (key: string) => copy('ops', key);
const inventory = (key: string) => copy('ops-inventory', key);
const catalogue = (key: string) => copy('ops-catalogue', key);
const topUps = (key: string) => copy('ops-top-ups', key);
const orphans = (key: string) => copy('ops-orphans', key);
const picker = (key: string) => copy('picker', key);
/** Copy with its {{placeholders}} filled, as i18next fills them. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test('an operator made with the CLI finds the console in the user menu; a customer is refused it', async ({ page, baseURL }) => {
  const operator = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, operator);
  // Not an operator yet: no link, and the address itself refuses.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await expect(page.getByRole('link', { name: copy('dashboard', 'menu.operator') })).toHaveCount(0);
  await page.goto('/ops/audit');
  await expect(page.getByText(ops('forbidden.title'))).toBeVisible();

  expect(await opsCli('grant-operator', operator.email)).toContain(`${operator.email} is an operator`);
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await page.getByRole('link', { name: copy('dashboard', 'menu.operator') }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('navigation', { name: ops('nav.label') })).toBeVisible();

  await page
    .getByRole('navigation', { name: ops('nav.label') })
    .getByRole('link', { name: ops('nav.audit') })
    .click();
  await expect(page).toHaveTitle(pageTitle('ops:titles.audit'));
  const grant = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'operator.grant' }).filter({ hasText: operator.sub });
  await expect(grant.first()).toBeVisible();
});

/** Moves to a page of the console through its navigation, as an operator does. */
async function openConsolePage(page: Page, key: string, title: string) {
  await page
    .getByRole('navigation', { name: ops('nav.label') })
    .getByRole('link', { name: ops(`nav.${key}`), exact: true })
    .click();
  await expect(page).toHaveTitle(pageTitle(title));
}

/**
 * Swedish mobile numbers (+46 7x and seven digits) that libphonenumber-js takes as numbers of Sweden,
 * as the import checks them. Sweden, because no other spec buys there (they share the cloud and run
 * at the same time); fresh random digits, so not among the seed's numbers.
 */
function swedishMobiles(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    const e164 = `+467${'02369'[randomInt(5)]}${String(randomInt(10_000_000)).padStart(7, '0')}`;
    if (isValidPhoneNumber(e164) && parsePhoneNumber(e164).country === 'SE') numbers.add(e164);
  }
  return [...numbers];
}

/** The landing page's picker, fresh from the server, on the Temporary tab with a country chosen: its columns. */
async function temporaryPicker(page: Page, country: string) {
  await page.goto('/');
  const root = page.getByRole('region', { name: picker('region') });
  const column = (step: 'country' | 'service' | 'number') => root.getByRole('region', { name: picker(`steps.${step}`), exact: true });
  await root.getByRole('tab', { name: picker('tabs.3') }).click();
  // The first catalogue read of a fresh local cloud can take a while (DynamoDB Local warming up).
  await expect(column('country').locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
  await column('country')
    .getByRole('button', { name: new RegExp(country) })
    .click();
  await expect(column('service').locator('.picker-row').first()).toBeVisible();
  return column;
}

/** ... then a service, and the number column searched for the digits of `number`: that number's row. */
async function numberRow(page: Page, country: string, service: string, number: string) {
  const column = await temporaryPicker(page, country);
  await column('service')
    .getByRole('button', { name: new RegExp(`^${service}`) })
    .click();
  const numbers = column('number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  await numbers.getByRole('searchbox').fill(number.slice(-7));
  return { numbers, row: numbers.getByRole('button', { name: number }) };
}

test('the operator’s day: numbers added, a price changed, a top-up approved, an orphan SMS assigned; the customer sees each', async ({
  browser,
  page,
  baseURL,
}) => {
  const country = 'Sweden';
  const service = 'Google';
  const newPrice = '4.37'; // Temporary, per code: the seed's prices there are cents

  // The operator, made with the CLI, signed in, in the console.
  const operator = await createConfirmedUser(baseURL!);
  expect(await opsCli('grant-operator', operator.email)).toContain(`${operator.email} is an operator`);
  await signInThroughUi(page, operator);
  await page.goto('/ops');
  await expect(page.getByRole('navigation', { name: ops('nav.label') })).toBeVisible();

  // The customer, in a browser of their own.
  const customerContext = await browser.newContext({ baseURL, locale: 'en-US' });
  const shopper = await customerContext.newPage();
  const customer = await createConfirmedUser(baseURL!);
  await signInThroughUi(shopper, customer);

  // 1. Numbers: three new Temporary numbers of Sweden through "Add numbers" (the country id read from the panel).
  const added = swedishMobiles(3);
  const sold = added[0]!;
  await openConsolePage(page, 'numbers', 'ops:titles.numbers');
  await page.getByRole('button', { name: inventory('addNumbers'), exact: true }).click();
  const importPanel = page.getByRole('region', { name: inventory('import.title'), exact: true });
  await importPanel.getByText(inventory('import.countryIds')).click();
  const countryId = (await importPanel.getByRole('listitem').filter({ hasText: country }).locator('code').textContent())!.trim();
  expect(countryId).toMatch(/^\d+$/);
  await importPanel
    .getByLabel(inventory('import.paste'), { exact: true })
    .fill(['e164,country_id,type,source', ...added.map((e164) => `${e164},${countryId},temporary,twilio`)].join('\n'));
  await expect(importPanel).toContainText(fill(inventory('import.preview_other'), { count: added.length }));
  await importPanel.getByRole('button', { name: inventory('import.submit'), exact: true }).click();
  await expect(importPanel.getByTestId('import-result')).toHaveText(fill(inventory('import.created_other'), { count: added.length }));
  // ... and the public picker offers them for the country's services.
  await expect((await numberRow(shopper, country, service, sold)).row).toBeVisible();

  // 2. A price: the Temporary price of Google in Sweden, saved on its row of the offers grid ...
  await openConsolePage(page, 'catalogue', 'ops:titles.catalogue');
  const offers = page.getByRole('region', { name: catalogue('offers.title'), exact: true });
  await offers.getByLabel(catalogue('offers.country'), { exact: true }).selectOption({ label: `${country} (SE)` });
  const priceLabel = `${service}: ${catalogue('offers.temporary_price')}`;
  const offerRow = offers.getByRole('row').filter({ has: page.getByLabel(priceLabel, { exact: true }) });
  const priceField = offerRow.getByLabel(priceLabel, { exact: true });
  await priceField.fill(newPrice);
  await offerRow.getByRole('button', { name: ops('common.save'), exact: true }).click();
  const saved = new RegExp(escape(catalogue('offers.saved')).replace(escape('{{seconds}}'), '(\\d+)'));
  await expect(offerRow).toContainText(saved);
  // ... is public within the catalogue's cache lifetime (the note names it; e2e/run.mjs makes it 5 s).
  const lifetime = Number(saved.exec((await offerRow.textContent())!)![1]);
  await expect(async () => {
    const column = await temporaryPicker(shopper, country);
    await expect(column('service').getByRole('button', { name: new RegExp(`^${service}`) })).toContainText(
      fill(picker('perActivation'), { price: `$${newPrice}` }),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: (lifetime + 20) * 1_000, intervals: [1_000] });

  // 3. A top-up in review: the customer asks $10 by crypto; NOWPayments' signed IPN says $9.50 was paid.
  await startTopUp(shopper, 'crypto', '10.00');
  const topUpId = (await shopper.locator('dt:text-is("Order") + dd').textContent())!.trim();
  const { cryptoNotification } = await import('@numbernest/local/payments/crypto');
  const { deliver } = await import('@numbernest/local/payments/types');
  const ipn = await deliver(new URL(baseURL!).origin, cryptoNotification({ topUpId, amountCents: 950 }));
  expect(ipn.status, ipn.body).toBe(200);
  await shopper.goto(`/crypto/success?top_up=${topUpId}`);
  await expect(shopper.getByTestId('topup-status')).toHaveAttribute('data-status', 'review', { timeout: 20_000 });
  await shopper.goto('/dashboard');
  await expect(headerBalance(shopper)).toHaveText(balanceText('0.00'));

  await openConsolePage(page, 'topUps', 'ops:titles.topUps');
  const topUpRow = page.getByTestId('ops-top-ups-table').getByRole('row').filter({ hasText: customer.email });
  await expect(topUpRow).toContainText('$10.00');
  await expect(topUpRow).toContainText('$9.50');
  await topUpRow.getByRole('button', { name: topUps('approve'), exact: true }).click();
  await page
    .getByRole('dialog', { name: topUps('decide.approveTitle') })
    .getByRole('button', { name: fill(topUps('decide.approveConfirm'), { amount: '$9.50' }) })
    .click();
  await expect(page.getByRole('status').filter({ hasText: fill(topUps('approved'), { amount: '$9.50', email: customer.email }) })).toBeVisible();
  await expect(topUpRow).toHaveCount(0);
  await shopper.goto('/dashboard');
  await expect(headerBalance(shopper)).toHaveText(balanceText('9.50'));

  // 4. An orphan SMS: sent to the new number while nobody rents it, so it is kept for the operators ...
  const code = String(randomInt(100_000, 1_000_000));
  const tag = randomUUID().replace(/[^a-f]/g, 'x'); // letters only: never read as part of a code
  const text = `G-${code} is your Google verification code. ${tag}`;
  const upstream = await page.context().newPage();
  await upstream.goto('/_local/sms');
  await upstream.getByLabel('or any number (E.164)').fill(sold);
  await upstream.getByLabel('From (sender id)').fill(service);
  await upstream.getByLabel('Text').fill(text);
  await upstream.getByRole('button', { name: 'Send' }).click();
  await expect(upstream.locator('body')).toContainText('kept as an orphan: no-active-rental');
  await upstream.close();

  // ... then the customer rents that number on the landing page (at the new price, from the approved balance) ...
  const pushed: string[] = [];
  shopper.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => pushed.push(String(payload))));
  const { numbers, row } = await numberRow(shopper, country, service, sold);
  await row.click();
  await numbers.getByRole('button', { name: picker('getNow'), exact: true }).click();
  const order = shopper.getByRole('dialog', { name: picker('confirm.title') });
  await expect(order).toContainText(`$${newPrice}`);
  await order.getByRole('button', { name: picker('confirm.next'), exact: true }).click();
  await expect(shopper).toHaveURL(/\/payment$/);
  await shopper.getByTestId('pay-from-balance').click();
  await expect(shopper).toHaveURL(/\/dashboard\/my-number\/[0-9a-z]+$/);
  await expect(shopper.getByTestId('rental-number').first()).toContainText(sold.slice(-4));
  await expect(headerBalance(shopper)).toHaveText(balanceText((9.5 - Number(newPrice)).toFixed(2)));
  await expect(shopper.getByTestId('message-row')).toHaveCount(0);

  // ... and the operator gives the SMS to that rental: the customer's open tab shows it, never reloaded.
  await openConsolePage(page, 'orphans', 'ops:titles.orphans');
  const orphanRow = page.getByTestId('orphans-table').getByRole('row').filter({ hasText: tag });
  await expect(orphanRow).toContainText(orphans('reasons.no-active-rental'));
  await orphanRow.getByRole('button', { name: orphans('assign.open'), exact: true }).click();
  const assign = page.getByRole('dialog', { name: orphans('assign.title') });
  await expect(assign.getByRole('radio', { name: new RegExp(escape(customer.email)) })).toBeChecked();
  await assign.getByRole('button', { name: orphans('assign.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: orphans('assign.done') })).toBeVisible();
  await expect(orphanRow).toHaveCount(0);
  await expect(shopper.getByTestId('otp-code').first()).toHaveText(code);
  await expect(shopper.getByTestId('message-body').first()).toHaveText(text);
  expect(pushed.some((frame) => frame.includes(tag))).toBe(true); // it came by push

  await customerContext.close();
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
