import { expect, test } from '@playwright/test';
import { copy } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';

// Account setting → API → Price limits, against the local cloud: a customer saves a limit for a
// service, sees it, and the SMS-Activate API then refuses that service above it; they change it,
// and remove it after confirming.

test.describe.configure({ timeout: 120_000 });

const limits = (key: string) => copy('account', `settings.priceLimits.${key}`);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test('a customer adds a price limit, the API holds a purchase to it, and they remove it', async ({ page, baseURL }) => {
  const user = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, user);
  await page.goto('/dashboard/account-settings');

  // A key, to see the limit at work through the API.
  await page.getByLabel(copy('account', 'settings.api.newName'), { exact: true }).fill('e2e');
  await page.getByRole('button', { name: copy('account', 'settings.api.create'), exact: true }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  await page.getByRole('button', { name: copy('account', 'settings.api.done'), exact: true }).click();

  const section = page.getByTestId('price-limits');
  await expect(section.getByText(limits('empty'))).toBeVisible();
  const service = section.getByLabel(limits('service'), { exact: true });
  await expect(service).toBeEnabled();
  await service.selectOption({ label: 'Telegram' });
  await section.getByLabel(limits('amount'), { exact: true }).fill('0.01');
  await section.getByRole('button', { name: limits('add'), exact: true }).click();
  await expect(page.getByText(fill(limits('saved'), { service: 'Telegram', price: '$0.01' }))).toBeVisible();
  const rows = section.getByTestId('price-limit');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Telegram');
  await expect(rows.first()).toContainText('$0.01');

  // The SMS-Activate API: a Telegram number in the United States costs more than a cent.
  const getNumber = async () => (await page.request.get(`/stubs/handler_api.php?api_key=${key}&action=getNumber&service=tg&country=187`)).text();
  expect(await getNumber()).toMatch(/^WRONG_MAX_PRICE:\d+\.\d\d$/);

  // Change it.
  await rows
    .first()
    .getByRole('button', { name: fill(limits('changeNamed'), { service: 'Telegram' }), exact: true })
    .click();
  const amount = section.getByLabel(limits('amount'), { exact: true });
  await expect(amount).toHaveValue('0.01');
  await amount.fill('25');
  await section.getByRole('button', { name: limits('update'), exact: true }).click();
  await expect(rows.first()).toContainText('$25.00');
  // Within the limit now: refused only for the empty balance.
  expect(await getNumber()).toBe('NO_BALANCE');

  // Remove it after confirming.
  await rows
    .first()
    .getByRole('button', { name: fill(limits('removeNamed'), { service: 'Telegram' }), exact: true })
    .click();
  await page.getByTestId('price-limit-remove-confirm').click();
  await expect(page.getByText(fill(limits('removed'), { service: 'Telegram' }))).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(section.getByText(limits('empty'))).toBeVisible();
});
