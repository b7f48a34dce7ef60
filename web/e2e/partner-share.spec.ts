import { expect, test, type Page } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { opsCli } from './support/operator';

// The partners' share on the console's Partners page, against the local cloud: rules set with the
// command line show with their names and what they pay of the Temporary price; an operator changes
// the default, adds a rule, edits it and removes it after confirming.

test.describe.configure({ timeout: 120_000 });

const share = (key: string) => copy('ops-partners', `share.${key}`);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function openPartners(page: Page) {
  await page
    .getByRole('navigation', { name: copy('ops', 'nav.label') })
    .getByRole('link', { name: copy('ops', 'nav.partners'), exact: true })
    .click();
  await expect(page).toHaveTitle(pageTitle('ops:titles.partners'));
}

test('an operator sets the partners’ share: the default, and rules per country and service', async ({ page, baseURL }) => {
  const operator = await createConfirmedUser(baseURL!);
  expect(await opsCli('grant-operator', operator.email)).toContain(`${operator.email} is an operator`);
  await opsCli('partner-share', '--default', '60');
  expect(await opsCli('partner-share', '--country', 'us', '--service', 'telegram', '--percent', '70.5')).toMatch(
    /United States \(\d+\) · Telegram \(\d+\): 70\.5%/,
  );
  await opsCli('partner-share', '--country', 'any', '--service', 'whatsapp', '--percent', '65');
  await opsCli('partner-share', '--country', 'gb', '--service', 'any', '--percent', '55');

  await signInThroughUi(page, operator);
  await page.goto('/ops');
  await openPartners(page);
  const section = page.getByTestId('partner-share');
  const rows = section.getByTestId('partner-share-rule');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('United States');
  await expect(rows.nth(0)).toContainText('70.5 %');
  await expect(rows.nth(0)).toContainText(/\$\d+\.\d\d/);
  await expect(rows.nth(1)).toContainText(share('anyCountry'));
  await expect(rows.nth(2)).toContainText(share('anyService'));

  // The default.
  const byDefault = section.getByLabel(share('default'), { exact: true });
  await expect(byDefault).toHaveValue('60');
  await byDefault.fill('62.5');
  await section.getByRole('button', { name: share('saveDefault'), exact: true }).click();
  await expect(page.getByText(fill(share('defaultSaved'), { percent: '62.5 %' }))).toBeVisible();

  // Add a rule: Germany for any service.
  await page.getByRole('button', { name: share('add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: share('form.addTitle') });
  await dialog.getByLabel(share('columns.country'), { exact: true }).selectOption({ label: 'Germany' });
  await dialog.getByLabel(share('form.percent'), { exact: true }).fill('58');
  await dialog.getByTestId('partner-share-rule-save').click();
  const germany = fill(share('ruleName'), { country: 'Germany', service: share('anyService') });
  await expect(page.getByText(fill(share('saved'), { rule: germany }))).toBeVisible();
  const germanyRow = rows.filter({ hasText: 'Germany' });
  await expect(germanyRow).toContainText('58 %');

  // Edit it.
  await germanyRow.getByRole('button', { name: fill(share('editNamed'), { rule: germany }) }).click();
  const edit = page.getByRole('dialog', { name: fill(share('form.editTitle'), { rule: germany }) });
  await edit.getByLabel(share('form.percent'), { exact: true }).fill('57.5');
  await edit.getByTestId('partner-share-rule-save').click();
  await expect(germanyRow).toContainText('57.5 %');

  // Remove it after confirming.
  await germanyRow.getByRole('button', { name: fill(share('removeNamed'), { rule: germany }) }).click();
  await page.getByTestId('partner-share-remove-confirm').click();
  await expect(page.getByText(fill(share('removed'), { rule: germany }))).toBeVisible();
  await expect(germanyRow).toHaveCount(0);
  await expect(rows).toHaveCount(3);
});
