import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { copy, pageTitle } from './locale-copy';
import { createConfirmedUser, signInThroughUi } from './support/local-user';
import { topUp } from './support/money';
import { opsCli } from './support/operator';

// A partner's payout, end to end against the local cloud: the partner (made one with the command
// line) tops up with a sandbox whose money may be sent on at once, asks to be paid out on the partner
// page, and an operator approves it in the console's Payouts page with the transfer's reference.

test.describe.configure({ timeout: 240_000 });

const partner = (key: string) => copy('partner', key);
const payouts = (key: string) => copy('ops-payouts', key);
const ops = (key: string) => copy('ops', key);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function requestPayout(page: Page, amount: string, destination: string) {
  await page.getByRole('button', { name: partner('payouts.request') }).click();
  const form = page.getByRole('dialog', { name: partner('payouts.form.title') });
  await form.getByLabel(partner('payouts.form.amount')).fill(amount);
  await form.getByLabel(partner('payouts.form.destination')).fill(destination);
  await form.getByRole('button', { name: partner('payouts.form.submit') }).click();
  await expect(form).toBeHidden();
}

test('a partner requests a payout and an operator approves it in the console', async ({ page, browser, baseURL }) => {
  const owner = await createConfirmedUser(baseURL!);
  expect(await opsCli('grant-partner', owner.email)).toContain(`${owner.email} is a partner since`);
  const operator = await createConfirmedUser(baseURL!);
  expect(await opsCli('grant-operator', operator.email)).toContain(`${operator.email} is an operator`);

  await signInThroughUi(page, owner);
  // Crypto top-ups cannot be taken back, so they may be paid out at once (card ones only after a hold).
  await topUp(page, 'crypto', '40.00');
  await page.goto('/partner');
  await expect(page.getByTestId('payout-balance')).toContainText('$40.00');
  await expect(page.getByText(partner('payouts.empty'))).toBeVisible();

  // Below the least: said on the field, nothing sent.
  await page.getByRole('button', { name: partner('payouts.request') }).click();
  const form = page.getByRole('dialog', { name: partner('payouts.form.title') });
  await form.getByLabel(partner('payouts.form.amount')).fill('5');
  await form.getByLabel(partner('payouts.form.destination')).fill('USDT TRC-20 TXe2eDestination');
  await form.getByRole('button', { name: partner('payouts.form.submit') }).click();
  await expect(form.getByLabel(partner('payouts.form.amount'))).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(partner('payouts.form.amount')).fill('25');
  await form.getByRole('button', { name: partner('payouts.form.submit') }).click();
  await expect(form).toBeHidden();

  const request = page.getByTestId('payout').first();
  await expect(request.getByTestId('payout-status')).toHaveText(partner('payouts.status.requested'));
  await expect(request).toContainText('$25.00');
  await expect(page.getByTestId('payout-balance')).toContainText('$15.00');
  await expect(page.getByRole('button', { name: partner('payouts.request') })).toBeDisabled();

  // The operator, in a browser of their own.
  const context = await browser.newContext();
  const opsPage = await context.newPage();
  await signInThroughUi(opsPage, operator);
  await opsPage.goto('/ops');
  await opsPage
    .getByRole('navigation', { name: ops('nav.label') })
    .getByRole('link', { name: ops('nav.payouts'), exact: true })
    .click();
  await expect(opsPage).toHaveTitle(pageTitle('ops:titles.payouts'));
  const row = opsPage.getByTestId('ops-payouts-waiting').getByTestId('ops-payout-row').filter({ hasText: owner.email });
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('USDT TRC-20 TXe2eDestination');
  await row.getByRole('button', { name: fill(payouts('approveNamed'), { email: owner.email }) }).click();
  const dialog = opsPage.getByRole('dialog', { name: fill(payouts('decide.approveTitle'), { amount: '$25.00' }) });
  await dialog.getByLabel(payouts('decide.reference')).fill('TX-E2E-0001');
  await dialog.getByTestId('payout-decide-confirm').click();
  await expect(opsPage.getByText(fill(payouts('decide.approved'), { amount: '$25.00', email: owner.email }))).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(opsPage.getByTestId('ops-payouts-decided').getByTestId('ops-payout-row').filter({ hasText: owner.email })).toContainText('TX-E2E-0001');

  // The partner sees it paid, with the reference, and may ask again.
  await page.reload();
  const paid = page.getByTestId('payout').first();
  await expect(paid.getByTestId('payout-status')).toHaveText(partner('payouts.status.paid'));
  await expect(paid.getByTestId('payout-reference')).toContainText('TX-E2E-0001');
  await expect(page.getByRole('button', { name: partner('payouts.request') })).toBeEnabled();

  if (process.env.SHOTS_DIR) await screenshots(page, opsPage);
  await context.close();
});

/** On demand (SHOTS_DIR): the partner page with payouts and an agent's activations, and the console's Payouts page, at 1280 and 390 px, light and dark. */
async function screenshots(page: Page, opsPage: Page) {
  const dir = process.env.SHOTS_DIR!;
  mkdirSync(dir, { recursive: true });
  // One more request, so the console has one waiting beside the paid one.
  await requestPayout(page, '10', 'IBAN GB33 BUKB 2020 1555 5555 55');
  const agentId = '0mx1vyzmzc239fecc1eb7237d';
  const agent = {
    id: agentId,
    name: 'Rack 1 (Kuala Lumpur)',
    url: 'https://simbank.example.com/smshub',
    state: 'active',
    blocked_reason: null,
    over_reporting_until: null,
    created_at: '2026-11-01T10:00:00.000Z',
    last_poll_at: new Date(Date.now() - 8_000).toISOString(),
    last_latency_ms: 142,
    last_error: null,
    stock: 1284,
    sold: 312,
    earned: 187.2,
    ended: 401,
    success_rate: 312 / 401,
  };
  const outcomes = ['waiting', 'sold', 'sold', 'cancelled', 'sold', 'refunded', 'used', 'sold'] as const;
  const services = ['Telegram', 'WhatsApp', 'Google', 'Facebook'];
  const activations = outcomes.map((outcome, index) => ({
    id: `0mx1vz52r${String(index).padStart(16, '0')}`,
    activation_id: String(4_611_687_814_386_984_000 + index),
    started_at: new Date(Date.now() - (index + 1) * 7 * 60_000).toISOString(),
    ended_at: outcome === 'waiting' ? null : new Date(Date.now() - (index + 1) * 7 * 60_000 + 4 * 60_000).toISOString(),
    country_code: index % 3 ? 'MY' : 'US',
    country_name: index % 3 ? 'Malaysia' : 'USA',
    service: services[index % services.length],
    number: index % 3 ? `+6011234567${index}` : `+1404555010${index}`,
    outcome,
    earned: outcome === 'sold' ? 0.6 : 0,
  }));
  const stock = {
    data: {
      rows: [
        { country_code: 'MY', country_name: 'Malaysia', service: 'Telegram', count: 420 },
        { country_code: 'MY', country_name: 'Malaysia', service: 'WhatsApp', count: 390 },
        { country_code: 'US', country_name: 'USA', service: 'Telegram', count: 210 },
        { country_code: 'US', country_name: 'USA', service: 'Google', count: 180 },
      ],
      rest: 84,
      total: 1284,
    },
  };
  // The partner's agent and its activations as the API would answer them (no agent sells in this run).
  await page.route('**/api/user/partner/agents', (route) => route.fulfill({ json: { data: [agent] } }));
  await page.route('**/api/user/partner', (route) => route.fulfill({ json: { data: { since: '2026-11-01T09:00:00.000Z', agents: 1, max_agents: 50 } } }));
  await page.route(`**/api/user/partner/agents/${agentId}/activations*`, (route) => route.fulfill({ json: { data: activations, next_cursor: null } }));
  await page.route(`**/api/user/partner/agents/${agentId}/stock`, (route) => route.fulfill({ json: stock }));

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      for (const [shown, path] of [
        [page, '/partner'],
        [opsPage, '/ops/payouts'],
      ] as const) {
        await shown.evaluate((value) => localStorage.setItem('Theme', value), theme);
        await shown.setViewportSize({ width, height: 900 });
        await shown.goto(path);
        if (shown === page) {
          await page.getByRole('button', { name: fill(copy('agent-activity', 'openNamed'), { name: agent.name }) }).click();
          await page.getByTestId('agent-stock-breakdown').locator('summary').click();
          await expect(page.getByTestId('agent-stock-row').first()).toBeVisible();
          await expect(page.getByTestId('agent-activation').first()).toBeVisible();
          await expect(page.getByTestId('payout').first()).toBeVisible();
        } else {
          await expect(opsPage.getByTestId('ops-payout-row').first()).toBeVisible();
        }
        const name = shown === page ? 'partner' : 'console-payouts';
        await shown.screenshot({ path: `${dir}/more-${name}-${width}-${theme}.png`, fullPage: true });
      }
    }
  }
}
