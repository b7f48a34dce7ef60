import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { renderRoutes, stubApi } from '@/test/render-with-providers';
import { transaction, transactionPage } from '@/features/wallet/test-fixtures';
import TransactionsPage from './TransactionsPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const entries = [
  transaction(1),
  transaction(2, {
    kind: 'transfer-out',
    amount: -5,
    balance_after: 32.5,
    description: { key: 'transferOut', params: { email: 'bob@example.com', note: 'Lunch' } },
  }),
  transaction(3, { kind: 'transfer-in', amount: 2.5, balance_after: 35, description: { key: 'transferIn', params: { email: 'eve@example.com' } } }),
  transaction(4, { kind: 'refund', amount: 1.2, balance_after: 36.2, description: { key: 'somethingNew', params: {} } }),
];

const renderHistory = (path = '/dashboard/transaction') => renderRoutes([{ path: '/dashboard/transaction', element: <TransactionsPage /> }], path);

const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

/** The file's text as bytes decode to it, its byte order mark kept (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('Transaction History', { timeout: slowMachineMs }, () => {
  it('lists entries with words for their descriptions and signed, coloured amounts', async () => {
    stubApi({ 'GET /user/transactions': () => transactionPage(0, entries) });
    renderHistory();
    const table = await screen.findByTestId('transactions-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Description', 'Type', 'Amount', 'Balance after']);
    const rows = within(table).getAllByTestId('transaction-row');
    expect(rows.map((row) => row.dataset.kind)).toEqual(['top-up', 'transfer-out', 'transfer-in', 'refund']);

    expect(rows[0]).toHaveTextContent('Top-up via Stripe');
    expect(within(rows[0]!).getByText('+$25.00')).toHaveClass('tx-amount--in');
    expect(rows[0]).toHaveTextContent('$37.50');
    expect(rows[1]).toHaveTextContent('Transfer to bob@example.com');
    expect(rows[1]).toHaveTextContent('Lunch');
    expect(within(rows[1]!).getByText('-$5.00')).toHaveClass('tx-amount--out');
    expect(rows[1]).toHaveTextContent('Transfer sent');
    expect(rows[2]).toHaveTextContent('Transfer from eve@example.com');
    expect(within(rows[2]!).getByText('+$2.50')).toBeInTheDocument();
    // A description key the web does not know yet reads as the kind.
    expect(within(rows[3]!).getAllByText('Refund')).toHaveLength(2);
    // Every cell names its column for the small-screen cards.
    expect(within(rows[1]!).getByText('-$5.00').closest('td')).toHaveAttribute('data-label', 'Amount');
  });

  it('filters build the query string, start again at page 0, and Previous/Next page through', async () => {
    const api = stubApi({
      'GET /user/transactions': (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        return transactionPage(page, [transaction(page * 10 + 1)], page < 1 ? page + 1 : null);
      },
    });
    const user = userEvent.setup();
    const { router } = renderHistory();
    await screen.findByTestId('transactions-table');
    const last = () => queryOf(api.requestsTo('GET /user/transactions').at(-1)!.url);
    expect(last()).toEqual({ page: '0' });

    await user.selectOptions(screen.getByLabelText('Type'), 'top-up');
    await waitFor(() => expect(last()).toEqual({ page: '0', kind: 'top-up' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(last()).toEqual({ page: '0', kind: 'top-up', from: '2026-01-01' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(last()).toEqual({ page: '0', kind: 'top-up', from: '2026-01-01', to: '2026-01-31' }));
    expect(router.state.location.search).toBe('?kind=top-up&from=2026-01-01&to=2026-01-31');

    const paging = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(paging).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toEqual({ page: '1', kind: 'top-up', from: '2026-01-01', to: '2026-01-31' }));
    expect(await within(paging).findByText('Page 2')).toBeInTheDocument();
    await waitFor(() => expect(within(paging).getByRole('button', { name: 'Next' })).toBeDisabled());

    // A filter change goes back to the first page.
    await user.selectOptions(screen.getByLabelText('Type'), 'All');
    await waitFor(() => expect(last()).toEqual({ page: '0', from: '2026-01-01', to: '2026-01-31' }));
  });

  it('a start date after the end date is flagged and not asked for', async () => {
    const api = stubApi({ 'GET /user/transactions': () => transactionPage(0, entries) });
    renderHistory('/dashboard/transaction?from=2026-02-01&to=2026-01-01');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(api.requestsTo('GET /user/transactions')).toHaveLength(0);
    expect(screen.getByTestId('transactions-export')).toBeDisabled();
  });

  it('says so when there is nothing yet, and when nothing matches the filters', async () => {
    stubApi({ 'GET /user/transactions': () => transactionPage(0, []) });
    renderHistory();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByTestId('transactions-table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).toBeNull();
  });

  it('Export CSV fetches the whole filtered list with the bearer token and saves it, worded as the table, as transactions.csv', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const api = stubApi({
      'GET /user/transactions': () => transactionPage(0, entries),
      'GET /user/transactions/export': () => ({ message: 'success', data: entries.slice(0, 2) }),
    });
    const user = userEvent.setup();
    renderHistory('/dashboard/transaction?kind=top-up&from=2026-01-01&page=1');
    await screen.findByTestId('transactions-table');
    await user.click(screen.getByTestId('transactions-export'));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = api.requestsTo('GET /user/transactions/export');
    expect(queryOf(request!.url)).toEqual({ kind: 'top-up', from: '2026-01-01', format: 'json' });
    const init = api.mock.calls.find(([input]) => String(input).includes('/export'))![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const lines = (await textOf(blob)).split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,Description,Note,Type,Amount,Balance after,Reference');
    expect(lines[1]).toMatch(/^"[^"]+",Top-up via Stripe,,Top-up,\+\$25\.00,\$37\.50,ref1$/);
    expect(lines[2]).toMatch(/,Transfer to bob@example\.com,Lunch,Transfer sent,-\$5\.00,\$32\.50,ref2$/);
    expect(clicked[0]).toEqual({ href: 'blob:http://localhost/export', download: 'transactions.csv' });
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.getByTestId('transactions-export')).toBeEnabled();
  });

  it('a failed export says so', async () => {
    stubApi({
      'GET /user/transactions': () => transactionPage(0, entries),
      'GET /user/transactions/export': () => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 }),
    });
    const user = userEvent.setup();
    renderHistory();
    await screen.findByTestId('transactions-table');
    await user.click(screen.getByTestId('transactions-export'));
    expect(await screen.findByText('The export could not be downloaded. Please try again.')).toBeInTheDocument();
  });
});
