import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { opsCli } from './support/operator';

// Partners and their agents in the operator console, against the local cloud: an operator grants
// the partner role by e-mail, the partner's agent (added with the command line, core's addAgent) is
// blocked with a reason and unblocked, and the role is revoked again.

test.describe.configure({ timeout: 180_000 });

const ops = (key: string) => copy('ops', key);
const partners = (key: string) => copy('ops-partners', key);
/** Copy with its {{placeholders}} filled, as the app fills them. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function openConsolePage(page: Page, key: 'partners' | 'agents') {
  await page
    .getByRole('navigation', { name: ops('nav.label') })
    .getByRole('link', { name: ops(`nav.${key}`), exact: true })
    .click();
  await expect(page).toHaveTitle(pageTitle(`ops:titles.${key}`));
}

test('an operator grants the partner role, blocks and unblocks its agent, and revokes the role', async ({ page, baseURL }) => {
  const operator = await createConfirmedUser(baseURL!);
  expect(await opsCli('grant-operator', operator.email)).toContain(`${operator.email} is an operator`);
  const owner = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, operator);
  await page.goto('/ops');

  // Grant: an e-mail no account uses is said under the field; the owner's becomes a partner row.
  await openConsolePage(page, 'partners');
  const email = page.getByLabel(partners('partners.grant.email'), { exact: true });
  await email.fill(`nobody-${randomUUID()}@example.com`);
  await page.getByRole('button', { name: partners('partners.grant.submit'), exact: true }).click();
  await expect(page.getByText(copy('validation', 'noAccount'))).toBeVisible();
  await email.fill(owner.email.toUpperCase());
  await page.getByRole('button', { name: partners('partners.grant.submit'), exact: true }).click();
  await expect(page.getByText(fill(partners('partners.granted'), { email: owner.email }))).toBeVisible();
  const partnerRow = page.getByTestId('ops-partner-row').filter({ hasText: owner.email });
  // The agents column: none yet.
  await expect(partnerRow.getByRole('cell').nth(2)).toHaveText('0');

  // The partner's agent, as `npm run ops -- add-agent` adds it (an address here: nothing listens, the poller notes the failure).
  const name = `Rack ${randomUUID().slice(0, 6)}`;
  const added = await opsCli('add-agent', '--partner', owner.email, '--name', name, '--url', `http://127.0.0.1:9/smshub-${randomUUID().slice(0, 8)}`);
  expect(added).toMatch(/^id {2}\w{25}$/m);
  await page.reload();
  await expect(partnerRow.getByRole('cell').nth(2)).toHaveText('1');

  // Block with a reason, then unblock.
  await openConsolePage(page, 'agents');
  const agentRow = page.getByTestId('ops-agent-row').filter({ hasText: name });
  await expect(agentRow).toContainText(owner.email);
  await expect(agentRow).toContainText(partners('agents.states.active'));
  await agentRow.getByRole('button', { name: fill(partners('agents.blockNamed'), { name }) }).click();
  const dialog = page.getByRole('dialog', { name: fill(partners('agents.blockDialog.title'), { name }) });
  await dialog.getByLabel(ops('common.reason')).fill('Announces numbers it never gives');
  await page.getByTestId('agent-block-confirm').click();
  await expect(page.getByText(fill(partners('agents.blocked'), { name }))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(agentRow).toContainText(partners('agents.states.blocked'));
  await expect(agentRow).toContainText('Announces numbers it never gives');

  // The filter shows it among the blocked ones.
  await page.getByLabel(partners('agents.filter'), { exact: true }).selectOption('blocked');
  await expect(agentRow).toBeVisible();
  await page.getByLabel(partners('agents.filter'), { exact: true }).selectOption('all');

  await agentRow.getByRole('button', { name: fill(partners('agents.unblockNamed'), { name }) }).click();
  await expect(page.getByText(fill(partners('agents.unblocked'), { name }))).toBeVisible();
  await expect(agentRow).toContainText(partners('agents.states.active'));
  await expect(agentRow.getByRole('button', { name: fill(partners('agents.blockNamed'), { name }) })).toBeVisible();

  // Revoke after confirming: the row leaves the partners' list; the agent stays.
  await openConsolePage(page, 'partners');
  await partnerRow.getByRole('button', { name: fill(partners('partners.revokeNamed'), { email: owner.email }) }).click();
  await page.getByTestId('partner-revoke-confirm').click();
  await expect(page.getByText(fill(partners('partners.revoked'), { email: owner.email }))).toBeVisible();
  await expect(partnerRow).toHaveCount(0);
  await openConsolePage(page, 'agents');
  await expect(agentRow).toContainText(owner.email);
});
