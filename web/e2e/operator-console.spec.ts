import { expect, test } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { opsCli } from './support/operator';

// The operator's day, end to end against the local cloud: an operator made with the command line
// (the only way there is), signed in through the sign-in page, working in the console.

test.describe.configure({ timeout: 120_000 });

const ops = (key: string) => copy('ops', key);

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
  await expect(page).toHaveTitle(pageTitle('titles.opsAudit'));
  const grant = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'operator.grant' }).filter({ hasText: operator.sub });
  await expect(grant.first()).toBeVisible();
});
