import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Country, ServiceProvider } from '@numbernest/contracts';

// The home page number picker against the seeded local cloud, as a visitor.

// Whole purchase flows: many requests each, so more time than a page check.
test.describe.configure({ timeout: 60_000 });

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
const sorted = (names: string[]) => [...names].sort(byName);

function picker(page: Page) {
  const root = page.getByRole('region', { name: 'Choose a number' });
  const column = (name: 'Country' | 'Service' | 'Number') => root.getByRole('region', { name, exact: true });
  return { root, column };
}

const rowNames = (column: Locator) => column.locator('.picker-row__name').allTextContents();
const search = (column: Locator) => column.getByRole('searchbox');
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const serviceRow = (column: Locator, name: string) => column.getByRole('button', { name: new RegExp(`^${escape(name)}`) });

/** Sees the warning, then closes it as a person would (a toast may sit over the buttons). */
async function closeToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
  await toast(page, text).getByRole('button', { name: 'Close notification' }).click();
  await expect(toast(page, text)).toHaveCount(0);
}

/** Makes the browser look signed in (token AND user stored): all the picker checks. */
const fakeSignIn = (page: Page) =>
  page.evaluate(() => {
    localStorage.setItem('token', 'e2e-token');
    localStorage.setItem('user', JSON.stringify({ id: 'e2e', email: 'e2e@example.com', email_verified_at: null, balance: 0 }));
  });

async function apiList<T>(page: Page, path: string): Promise<T[]> {
  const reply = await page.request.get(`/api${path}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: T[] }).data;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  // The first catalogue read of a fresh local cloud can take a while (DynamoDB Local warming up).
  await expect(picker(page).column('Country').locator('.picker-row').first()).toBeVisible({ timeout: 20_000 });
});

test('Shared: countries and services search, sort, empty states and discounts', async ({ page }) => {
  const { column } = picker(page);
  const countries = column('Country');
  await expect(column('Service')).toContainText('Select Country From List');
  await expect(column('Number')).toContainText('Select Country From List');

  const all = await rowNames(countries);
  expect(all.length).toBeGreaterThan(5);
  expect(all).toEqual(sorted(all));

  await search(countries).fill('UNI');
  const matches = await rowNames(countries);
  expect(matches).toContain('United Kingdom');
  expect(matches.every((name) => name.toLowerCase().includes('uni'))).toBe(true);
  expect(matches).toEqual(sorted(matches));
  await search(countries).press('Enter');
  expect(await rowNames(countries)).toEqual(matches);
  await search(countries).fill('no such country');
  await expect(countries).toContainText('No data Available!');
  await search(countries).fill('');

  const uk = (await apiList<Country>(page, '/mobile-number-countries')).find((c) => c.name === 'United Kingdom')!;
  const services = await apiList<ServiceProvider>(page, `/mobile-number-providers/${uk.id}`);
  const discounted = services.find((s) => s.discount_1 + s.discount_2 + s.discount_3 > 0)!;
  const plain = services.find((s) => s.discount_1 + s.discount_2 + s.discount_3 === 0);

  await countries.getByRole('button', { name: /United Kingdom/ }).click();
  const serviceColumn = column('Service');
  await expect(serviceColumn.locator('.picker-row').first()).toBeVisible();
  await expect(column('Number')).toContainText('Select Service From List');
  expect(await rowNames(serviceColumn)).toEqual(sorted(services.map((s) => s.name)));

  const discountedRow = serviceRow(serviceColumn, discounted.name);
  await expect(discountedRow.getByTestId('discount-badge')).toBeVisible();
  await expect(discountedRow.locator('s')).toHaveText(/\$\d+\.\d\d/);
  await expect(discountedRow).toContainText(`$${discounted.price_per_day.toFixed(2)}/day`);
  if (plain) {
    const plainRow = serviceRow(serviceColumn, plain.name);
    await expect(plainRow.getByTestId('discount-badge')).toHaveCount(0);
    await expect(plainRow.locator('s')).toHaveCount(0);
  }

  await search(serviceColumn).fill(discounted.name.slice(0, 3).toUpperCase());
  const serviceMatches = await rowNames(serviceColumn);
  expect(serviceMatches).toContain(discounted.name);
  expect(serviceMatches).toEqual(sorted(serviceMatches));
  await search(serviceColumn).fill('no such service');
  await expect(serviceColumn).toContainText('No data Available!');

  // Switching tab resets the selection.
  await picker(page).root.getByRole('tab', { name: 'Private' }).click();
  await picker(page).root.getByRole('tab', { name: 'Shared' }).click();
  await expect(column('Service')).toContainText('Select Country From List');
});

test('Shared: numbers, the week dropdown, the week warning and the confirmation', async ({ page }) => {
  const { column } = picker(page);
  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  const serviceColumn = column('Service');
  await expect(serviceColumn.locator('.picker-row').first()).toBeVisible();
  const serviceName = (await rowNames(serviceColumn))[0]!;
  await serviceRow(serviceColumn, serviceName).click();

  const numbers = column('Number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  const numberList = await rowNames(numbers);
  expect(numberList).toEqual(sorted(numberList));
  const target = numberList[0]!;
  await search(numbers).fill(target.slice(-4));
  expect(await rowNames(numbers)).toContain(target);
  await search(numbers).fill('abc');
  await expect(numbers).toContainText('No data Available!');
  await search(numbers).fill('');

  await numbers.getByRole('button', { name: target }).click();
  const week = numbers.getByRole('combobox', { name: 'Rent period' });
  await expect(week).toHaveValue('');
  await expect(week.locator('option:checked')).toHaveText('Select week');

  // (A visitor's Get Now: the Private test and first-purchase.spec.ts.)
  await fakeSignIn(page);
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  await closeToast(page, 'Select purchase week');

  await week.selectOption({ label: '1 Month' });
  const total = await numbers.locator('.rent-picker__amount').textContent();
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  for (const text of ['United Kingdom', serviceName, target, '1 Month', total!]) await expect(dialog).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
});

test('Private: two columns, countries with a per-day price, numbers, visitor warning', async ({ page }) => {
  const { root, column } = picker(page);
  await root.getByRole('tab', { name: 'Private' }).click();
  await expect(root.getByRole('tab', { name: 'Private' })).toHaveAttribute('aria-selected', 'true');
  await expect(column('Service')).toHaveCount(0);
  await expect(column('Number')).toContainText('Select Country From List');

  const countries = column('Country');
  await expect(countries.locator('.picker-row').first()).toBeVisible();
  const names = await rowNames(countries);
  expect(names).toEqual(sorted(names));
  await expect(countries.locator('.picker-row').first()).toContainText(/\$\d+\.\d\d\/day/);
  await search(countries).fill('kingdom');
  expect(await rowNames(countries)).toEqual(['United Kingdom']);

  await countries.getByRole('button', { name: /United Kingdom/ }).click();
  const numbers = column('Number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  const list = await rowNames(numbers);
  expect(list).toEqual(sorted(list));
  await numbers.getByRole('button', { name: list[0]! }).click();
  await expect(numbers.getByRole('combobox', { name: 'Rent period' })).toBeVisible();
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  await expect(toast(page, 'Please login first')).toBeVisible();
  // On to sign up, the selection kept for when they come back signed in.
  await expect(page).toHaveURL(/\/signUp\?return=%2Fdashboard%2Fbuy-number$/);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingPick') ?? 'null'));
  expect(kept).toMatchObject({ type: 2, country: { name: 'United Kingdom' }, service: null, rent_time_id: null });
  expect((kept as { number: { mobile_number: string } }).number.mobile_number.replace(/\D/g, '')).toBe(list[0]!.replace(/\D/g, ''));
});

test('Temporary: three columns, per-activation prices, no week, Get Now goes straight to the modal', async ({ page }) => {
  const { root, column } = picker(page);
  await root.getByRole('tab', { name: 'Temporary' }).click();
  await expect(column('Service')).toContainText('Select Country From List');
  const countries = column('Country');
  await expect(countries.locator('.picker-row').first()).toBeVisible();
  await countries.getByRole('button', { name: /United Kingdom/ }).click();

  const services = column('Service');
  await expect(services.locator('.picker-row').first()).toBeVisible();
  const names = await rowNames(services);
  expect(names).toEqual(sorted(names));
  await expect(services.locator('.picker-row').first()).toContainText(/\$\d+\.\d\d per code/);
  await services.locator('.picker-row__button').first().click();

  const numbers = column('Number');
  await expect(numbers.locator('.picker-row').first()).toBeVisible();
  await numbers.locator('.picker-row__button').first().click();
  await expect(numbers.getByRole('combobox')).toHaveCount(0);
  await expect(numbers).toContainText('20 minutes');

  await fakeSignIn(page);
  await numbers.getByRole('button', { name: 'Get Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(dialog).toContainText('20 minutes');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const handoff = await page.evaluate(() => JSON.parse(localStorage.getItem('buyNumber') ?? 'null'));
  expect(handoff).toMatchObject({ rent_time_id: null, rent: '20 minutes', country: 'United Kingdom' });
});

test('small screens show one step at a time with a back arrow and a summary strip', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { root, column } = picker(page);
  await expect(column('Country')).toBeVisible();
  await expect(column('Service')).toBeHidden();
  const back = root.getByRole('button', { name: 'Back' });
  await expect(back).toBeDisabled();

  await column('Country')
    .getByRole('button', { name: /United Kingdom/ })
    .click();
  await expect(column('Country')).toBeHidden();
  await expect(column('Service')).toBeVisible();
  await column('Service').locator('.picker-row__button').first().click();
  await expect(column('Number')).toBeVisible();
  const strip = root.getByTestId('summary-strip');
  await expect(strip).toContainText('United Kingdom');

  const before = await strip.evaluate((el) => el.scrollLeft);
  await root.getByRole('button', { name: 'Scroll summary right' }).click();
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBe(before + 100);

  await back.click();
  await expect(column('Service')).toBeVisible();
  await back.click();
  await expect(column('Country')).toBeVisible();
  await expect(back).toBeDisabled();
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
