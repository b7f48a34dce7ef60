import { defaultUserSettings } from '@numbernest/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, signInAs, verifiedUser } from '../../../app/layout/signed-in/test-harness';
import { authState } from '../../../lib/auth-state';
import { stubApi } from '../../../test/render-with-providers';
import { transaction, transactionPage } from '../../wallet/test-fixtures';
import DashboardHomePage from './DashboardHomePage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

afterEach(() => authState.clear());

const renderHome = () => renderApp('/dashboard', [{ path: 'dashboard', element: <DashboardHomePage /> }]);

describe('My Dashboard', { timeout: slowMachineMs }, () => {
  it('has every panel of the spec, each saying honestly that there is nothing yet', async () => {
    signInAs({ ...verifiedUser, email_verified_at: null, balance: 0 });
    stubApi({
      'GET /user': () => ({ data: { ...verifiedUser, email_verified_at: null, balance: 0, settings: defaultUserSettings } }),
      'GET /user/transactions': () => transactionPage(0, []),
    });
    const user = userEvent.setup();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    for (const title of ['Recent Message', 'Account', 'All Number', 'Number Details', 'All Message', 'Recent Transaction', 'Start Chat']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const numbers = screen.getByRole('region', { name: 'All Number' });
    expect(numbers).toHaveTextContent('No numbers yet — buy one');
    expect(within(numbers).getByRole('link', { name: 'Buy Number' })).toHaveAttribute('href', '/dashboard/buy-number');
    await user.click(within(numbers).getByRole('button', { name: 'Deactive' }));
    expect(within(numbers).getByRole('button', { name: 'Deactive' })).toHaveAttribute('aria-pressed', 'true');
    expect(numbers).toHaveTextContent('No deactivated numbers');

    const messages = screen.getByRole('region', { name: 'All Message' });
    expect(within(messages).getByRole('button', { name: 'Inbox' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(messages).getByRole('button', { name: 'Sent' }));
    expect(messages).toHaveTextContent('No messages');
    const recent = screen.getByRole('region', { name: 'Recent Transaction' });
    expect(within(recent).getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/dashboard/transaction');
    expect(await within(recent).findByText('No transactions yet')).toBeInTheDocument();
  });

  it('Recent Transaction shows the last five entries, compact', async () => {
    signInAs();
    const entries = Array.from({ length: 7 }, (_, n) =>
      n % 2 ? transaction(n, { kind: 'transfer-out', amount: -(n + 1), description: { key: 'transferOut', params: { email: `friend${n}@example.com` } } }) : transaction(n),
    );
    const api = stubApi({ 'GET /user': () => ({ data: { ...verifiedUser, settings: defaultUserSettings } }), 'GET /user/transactions': () => transactionPage(0, entries, 1) });
    renderHome();
    const recent = screen.getByTestId('recent-transactions');
    expect(screen.getByRole('region', { name: 'Recent Transaction' })).toContainElement(recent);
    const rows = await within(recent).findAllByTestId('transaction-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Top-up via Stripe');
    expect(rows[0]).toHaveTextContent('+$25.00');
    expect(rows[1]).toHaveAttribute('data-kind', 'transfer-out');
    expect(rows[1]).toHaveTextContent('Transfer to friend1@example.com');
    expect(rows[1]).toHaveTextContent('-$2.00');
    expect(api.requestsTo('GET /user/transactions').map((request) => request.url.search)).toEqual(['?page=0']);
  });

  it('Account shows e-mail, verified status, balance and member since', async () => {
    signInAs();
    stubApi({ 'GET /user': () => ({ data: { ...verifiedUser, settings: defaultUserSettings, created_at: '2026-02-03T10:00:00.000Z' } }) });
    renderHome();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('ada@example.com');
    expect(account).toHaveTextContent('Verified');
    expect(account).toHaveTextContent('12.50$');
    expect(await within(account).findByText('February 3, 2026')).toBeInTheDocument();
  });
});
