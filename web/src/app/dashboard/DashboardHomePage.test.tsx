import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, signInAs, verifiedProfile, verifiedUser } from '@/app/layout/signed-in/test-harness';
import { authState } from '@/lib/auth-state';
import { stubApi } from '@/test/render-with-providers';
import { message, messagesPage, rental, rentalsPage } from '@/features/rentals/test-fixtures';
import { transaction, transactionPage } from '@/features/wallet/test-fixtures';
import DashboardHomePage from './DashboardHomePage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

afterEach(() => authState.clear());

const renderHome = () => renderApp('/dashboard', [{ path: 'dashboard', element: <DashboardHomePage /> }]);

describe('My Dashboard', { timeout: slowMachineMs }, () => {
  it('has every panel, each saying honestly that there is nothing yet', async () => {
    signInAs({ ...verifiedUser, email_verified_at: null, balance: 0 });
    stubApi({
      'GET /user': () => ({ data: { ...verifiedProfile, email_verified_at: null, balance: 0 } }),
      'GET /user/transactions': () => transactionPage(0, []),
      'GET /user/rentals': () => rentalsPage([]),
      'GET /user/messages': () => messagesPage([]),
    });
    const user = userEvent.setup();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    for (const title of ['Recent Message', 'Account', 'All Number', 'Number Details', 'All Message', 'Recent Transaction', 'Start Chat']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const numbers = screen.getByRole('region', { name: 'All Number' });
    expect(await within(numbers).findByText('No numbers yet — buy one')).toBeInTheDocument();
    expect(await within(screen.getByTestId('recent-messages')).findByText('No messages')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Number Details' })).toHaveTextContent('No number selected');
    expect(within(numbers).getByRole('link', { name: 'Buy Number' })).toHaveAttribute('href', '/dashboard/buy-number');
    await user.click(within(numbers).getByRole('button', { name: 'Deactive' }));
    expect(within(numbers).getByRole('button', { name: 'Deactive' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(numbers).findByText('No deactivated numbers')).toBeInTheDocument();

    const messages = screen.getByRole('region', { name: 'All Message' });
    expect(within(messages).getByRole('button', { name: 'Inbox' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(messages).getByRole('button', { name: 'Sent' }));
    expect(await within(messages).findByText('No messages')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Transaction' });
    expect(within(recent).getByRole('link', { name: 'See More transactions' })).toHaveAttribute('href', '/dashboard/transaction');
    expect(await within(recent).findByText('No transactions yet')).toBeInTheDocument();
  });

  it('Recent Transaction shows the last five entries, compact', async () => {
    signInAs();
    const entries = Array.from({ length: 7 }, (_, n) =>
      n % 2
        ? transaction(n, { kind: 'transfer-out', amount: -(n + 1), description: { key: 'transferOut', params: { email: `friend${n}@example.com` } } })
        : transaction(n),
    );
    const api = stubApi({
      'GET /user': () => ({ data: { ...verifiedProfile } }),
      'GET /user/transactions': () => transactionPage(0, entries, 1),
    });
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
    stubApi({ 'GET /user': () => ({ data: { ...verifiedProfile, created_at: '2026-02-03T10:00:00.000Z' } }) });
    renderHome();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('ada@example.com');
    expect(account).toHaveTextContent('Verified');
    expect(account).toHaveTextContent('$12.50');
    expect(await within(account).findByText('February 3, 2026')).toBeInTheDocument();
  });

  it('Recent Message shows the latest codes; All Number picks the number Number Details shows; All Message has Inbox and Sent', async () => {
    signInAs();
    const active = [
      rental(1, { messages_count: 1, last_message: { body: 'Code 100001', code: '100001', from: 'WhatsApp', received_at: new Date().toISOString() } }),
      rental(2, { type: 2, service: null, country: { id: 4, name: 'Canada', code: 'CA' } }),
    ];
    const ended = [rental(3, { status: 'inactive', ended: 'refunded' })];
    const api = stubApi({
      'GET /user': () => ({ data: { ...verifiedProfile } }),
      'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
      'GET /user/notifications': () => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: 0 } }),
      'GET /user/transactions': () => transactionPage(0, []),
      'GET /user/rentals': (_body, url) => rentalsPage(url.searchParams.get('status') === 'inactive' ? ended : active),
      'GET /user/messages': (_body, url) =>
        messagesPage(
          url.searchParams.get('box') === 'sent'
            ? [message(9, { box: 'sent', from: '+447700900102', to: '+15550001111', body: 'Hello', code: null, price: 0.05 })]
            : [message(1), message(2)],
        ),
    });
    const user = userEvent.setup();
    renderHome();

    const recent = screen.getByTestId('recent-messages');
    expect(screen.getByRole('region', { name: 'Recent Message' })).toContainElement(recent);
    const recentRows = await within(recent).findAllByTestId('message-row');
    expect(recentRows).toHaveLength(2);
    expect(within(recentRows[0]!).getByTestId('otp-code')).toHaveTextContent('100001');
    expect(within(recentRows[0]!).getByRole('link', { name: 'On +447700900101' })).toHaveAttribute('href', '/dashboard/my-number/r0000000001');

    const numbers = screen.getByRole('region', { name: 'All Number' });
    const rows = await within(numbers).findAllByTestId('rental-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['active', 'active']);
    const details = screen.getByRole('region', { name: 'Number Details' });
    expect(within(details).getByTestId('rental-number')).toHaveTextContent('+447700900101');
    await user.click(within(rows[1]!).getByRole('button'));
    expect(within(details).getByTestId('rental-number')).toHaveTextContent('+447700900102');
    expect(details).toHaveTextContent('Canada');
    expect(details).toHaveTextContent('All services');
    expect(details).toHaveTextContent('Private');
    expect(within(details).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/dashboard/my-number/r0000000002');

    await user.click(within(numbers).getByRole('button', { name: 'Deactive' }));
    await waitFor(() =>
      expect(
        within(numbers)
          .getAllByTestId('rental-row')
          .map((row) => row.getAttribute('data-status')),
      ).toEqual(['inactive']),
    );
    expect(within(details).getByTestId('rental-number')).toHaveTextContent('+447700900103');
    expect(details).toHaveTextContent('Refunded');

    const folder = screen.getByRole('region', { name: 'All Message' });
    expect(await within(folder).findAllByTestId('message-row')).toHaveLength(2);
    await user.click(within(folder).getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(within(folder).getAllByTestId('message-row')).toHaveLength(1));
    expect(within(folder).getByTestId('message-row')).toHaveTextContent('To +15550001111');
    expect(within(folder).getByTestId('message-row')).toHaveTextContent('Cost $0.05');
    expect(api.requestsTo('GET /user/messages').map((request) => request.url.search)).toEqual(
      expect.arrayContaining(['?box=inbox&page=0', '?box=sent&page=0']),
    );
  });
});
