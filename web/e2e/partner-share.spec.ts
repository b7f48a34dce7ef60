import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { opsCli } from './support/operator';

// The partners' share on the console's Partners page, against the local cloud: rules set with the
// command line show with their names and what they pay of the Temporary price; an operator changes
// the default, adds a rule, edits it and removes it after confirming. Pictures of the section (light
// and dark, 1280 and 390 px) go to $SHARE_SHOTS_DIR (/tmp/shots by default) for review.

test.describe.configure({ timeout: 240_000 });

const share = (key: string) => copy('ops-partners', `share.${key}`);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const shotsDir = process.env.SHARE_SHOTS_DIR ?? '/tmp/shots';

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

  // Pictures of the section, then of the add dialog, in both themes at both widths.
  mkdirSync(shotsDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('Theme', value), theme);
    for (const [size, viewport] of Object.entries({ 1280: { width: 1280, height: 900 }, 390: { width: 390, height: 844 } })) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(rows).toHaveCount(4);
      await page.evaluate(() => document.fonts.ready);
      const panel = page.locator('section.panel', { has: section });
      // The console's sticky header would sit over a panel taller than the screen: the picture is of the panel alone.
      await panel.screenshot({
        path: `${shotsDir}/share-${theme}-${size}.png`,
        animations: 'disabled',
        caret: 'hide',
        style: '.console-header { position: static; }',
      });
      await page.getByRole('button', { name: share('add'), exact: true }).click();
      const adding = page.getByRole('dialog', { name: share('form.addTitle') });
      await adding.getByTestId('partner-share-rule-save').click();
      await expect(adding.getByText(copy('validation', 'required'))).toBeVisible();
      await page.screenshot({ path: `${shotsDir}/share-dialog-${theme}-${size}.png`, animations: 'disabled', caret: 'hide' });
      await adding.getByRole('button', { name: copy('ops', 'common.cancel'), exact: true }).click();
      await expect(adding).toHaveCount(0);
    }
  }

  // Remove it after confirming.
  await germanyRow.getByRole('button', { name: fill(share('removeNamed'), { rule: germany }) }).click();
  await page.getByTestId('partner-share-remove-confirm').click();
  await expect(page.getByText(fill(share('removed'), { rule: germany }))).toBeVisible();
  await expect(germanyRow).toHaveCount(0);
  await expect(rows).toHaveCount(3);
});
