import { expect, test } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { opsCli } from './support/operator';

// A SIM-bank owner's day, end to end against the local cloud: an account made a partner with the
// command line (as an operator does), its agent pointed at this machine's stand-in SIM bank, and the
// platform's poller checking it.

// Sign-up, a build's first page loads and a poll round or two (every 15 s) on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const partner = (key: string) => copy('partner', key);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

test('a partner adds an agent for the local SIM bank, keeps its key and sees the platform check it', async ({ page, baseURL }) => {
  const owner = await createConfirmedUser(baseURL!);
  await signInThroughUi(page, owner);

  // Not a partner yet: no link, and the page says how to become one.
  await page.goto('/partner');
  await expect(page.getByText(partner('notPartner.title'))).toBeVisible();
  await expect(page.getByRole('link', { name: partner('notPartner.contact') })).toHaveAttribute('href', '/contact-us');
  await expect(
    page.getByRole('navigation', { name: copy('dashboard', 'nav.label') }).getByRole('link', { name: copy('dashboard', 'nav.partner') }),
  ).toHaveCount(0);

  expect(await opsCli('grant-partner', owner.email)).toContain(`${owner.email} is a partner since`);
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await page
    .getByRole('navigation', { name: copy('dashboard', 'menu.nav') })
    .getByRole('link', { name: copy('dashboard', 'menu.partner') })
    .click();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page).toHaveTitle(pageTitle('titles.partner'));
  await expect(page.getByText(partner('agents.empty'))).toBeVisible();

  const agentUrl = new URL('/_local/simbank/agent', baseURL).href;
  await page
    .getByRole('button', { name: partner('agents.add') })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: partner('form.addTitle') });
  await form.getByLabel(partner('form.name')).fill('Local SIM bank');
  await form.getByLabel(partner('form.url')).fill(agentUrl);
  await form.getByRole('button', { name: partner('form.add') }).click();

  const shown = page.getByRole('dialog', { name: fill(partner('key.addedTitle'), { name: 'Local SIM bank' }) });
  await expect(shown.getByText(partner('key.once'))).toBeVisible();
  const key = (await shown.getByTestId('agent-key').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await expect(shown.getByTestId('agent-push-url')).toHaveText(new URL('/api/agents/sms', baseURL).href);

  // Configure the SIM bank as its owner would: our PUSH_SMS origin and the key.
  const configured = await page.request.post(new URL('/_local/simbank/configure', baseURL).href, { data: { platformUrl: new URL(baseURL!).origin, key } });
  expect(configured.ok()).toBe(true);
  await shown.getByRole('button', { name: partner('key.done') }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(key)).toHaveCount(0);

  const card = page.getByTestId('agent').filter({ has: page.getByRole('heading', { name: 'Local SIM bank' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(agentUrl)).toBeVisible();
  await expect(card.getByTestId('agent-state')).toHaveText(partner('states.active'));
  await expect(page.getByTestId('partner-since')).toContainText(fill(partner('count'), { count: 1, max: 50 }));

  // The poller checks it within a round or two; the page reads the list again every 15 s.
  await expect(card.getByTestId('agent-last-poll')).toContainText(' ms', { timeout: 90_000 });
  await expect(card.getByTestId('agent-stock')).not.toHaveText('0', { timeout: 30_000 });

  // Its activations (none sold yet) and what it reported, by country and service.
  await card.getByRole('button', { name: fill(copy('agent-activity', 'openNamed'), { name: 'Local SIM bank' }) }).click();
  const activity = page.getByTestId('agent-activity');
  await expect(activity.getByText(copy('agent-activity', 'empty'))).toBeVisible();
  await activity.getByText(copy('agent-activity', 'stock.title')).click();
  await expect(activity.getByTestId('agent-stock-row').first()).toContainText(' · ');
  await activity.getByRole('button', { name: copy('agent-activity', 'close') }).click();
  await expect(activity).toBeHidden();

  // Paused by its owner, and back.
  await card.getByRole('button', { name: partner('agent.pause') }).click();
  await expect(card.getByTestId('agent-state')).toHaveText(partner('states.paused'));
  await card.getByRole('button', { name: partner('agent.resume') }).click();
  await expect(card.getByTestId('agent-state')).toHaveText(partner('states.active'));
});
