import { NumberType } from '@numbernest/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { renderRoutes, stubApi } from '@/test/render-with-providers';
import { rental, rentalsPage } from '@/features/rentals/test-fixtures';
import ManageNumberPage from './ManageNumberPage';
import MyNumberPage from './MyNumberPage';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const telegram = { id: 11, name: 'Telegram', url: '' };
const rentals = [
  rental(1, { messages_count: 2, last_message: { body: 'Your code is 554433', code: '554433', from: 'WhatsApp', received_at: new Date().toISOString() } }),
  rental(2, { service: telegram, type: NumberType.Temporary, expires_at: new Date(Date.now() + 12 * 60_000 + 9_000).toISOString() }),
  rental(3, { status: 'inactive', ended: 'expired', country: { id: 2, name: 'Germany', code: 'DE' } }),
];

const quiet = {
  'GET /user/balance': () => ({ message: 'success', balance: 12.5, account_hold: null }),
  'GET /user/transactions': () => ({ message: 'success', data: { current_page: 0, per_page: 20, data: [], next_page: null } }),
};

/** Answers GET /user/rentals by its filters, the way the server does. */
const listByQuery =
  (all = rentals) =>
  (_body: unknown, url: URL) => {
    const type = url.searchParams.get('type');
    const service = url.searchParams.get('service');
    const status = url.searchParams.get('status');
    return rentalsPage(
      all.filter((r) => (!type || r.type === Number(type)) && (!service || r.service?.id === Number(service)) && (!status || r.status === status)),
    );
  };

const renderPage = (path: string) =>
  renderRoutes(
    [
      { path: '/dashboard/my-number', element: <MyNumberPage /> },
      { path: '/dashboard/manage-number', element: <ManageNumberPage /> },
      { path: '/dashboard/my-number/:id', element: <p>Rental page</p> },
    ],
    path,
  );

const queries = (api: ReturnType<typeof stubApi>) => api.requestsTo('GET /user/rentals').map((request) => request.url.search);

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('My Number', { timeout: slowMachineMs }, () => {
  it('lists each rental: number, country, service, type, status, time left, messages and the last code', async () => {
    stubApi({ ...quiet, 'GET /user/rentals': listByQuery() });
    renderPage('/dashboard/my-number');
    expect(screen.getByRole('heading', { level: 1, name: 'My Number' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('rental-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['active', 'active', 'inactive']);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    for (const text of ['+447700900101', 'United Kingdom', 'WhatsApp', 'Shared', 'Active', '2', '554433']) expect(first).toHaveTextContent(text);
    expect(within(first).getByTestId('rental-number')).toHaveAttribute('href', '/dashboard/my-number/r0000000001');
    expect(second).toHaveTextContent('Telegram');
    expect(second).toHaveTextContent('Temporary');
    expect(within(second).getByTestId('rental-countdown')).toHaveTextContent(/^12:0\d$/);
    expect(third).toHaveTextContent('Germany');
    expect(third).toHaveTextContent('Expired');
    expect(within(third).getByTestId('rental-countdown')).toHaveTextContent('Ended');
    // My Number lists; Manage Number acts.
    expect(screen.queryByTestId('rental-close')).toBeNull();
  });

  it('keeps its filters in localStorage (myNumberType, myNumberService, myNumberStatus) and asks with them', async () => {
    const api = stubApi({ ...quiet, 'GET /user/rentals': listByQuery() });
    const user = userEvent.setup();
    const view = renderPage('/dashboard/my-number');
    await screen.findAllByTestId('rental-row');

    await user.selectOptions(screen.getByTestId('myNumber-filter-type'), 'Temporary');
    await waitFor(() => expect(screen.getAllByTestId('rental-row')).toHaveLength(1));
    expect(localStorage.getItem('myNumberType')).toBe('3');
    await user.selectOptions(screen.getByTestId('myNumber-filter-service'), 'Telegram');
    await user.selectOptions(screen.getByTestId('myNumber-filter-status'), 'Active');
    expect(localStorage.getItem('myNumberService')).toBe('11');
    expect(localStorage.getItem('myNumberStatus')).toBe('active');
    await waitFor(() => expect(queries(api)).toContain('?type=3&service=11&status=active&page=0'));
    // Manage Number's keys are its own.
    expect(localStorage.getItem('type')).toBeNull();

    // Coming back: the saved filters apply at once.
    view.unmount();
    api.requests.length = 0;
    renderPage('/dashboard/my-number');
    expect(screen.getByTestId('myNumber-filter-type')).toHaveValue('3');
    expect(screen.getByTestId('myNumber-filter-status')).toHaveValue('active');
    await waitFor(() => expect(screen.getByTestId('myNumber-filter-service')).toHaveValue('11'));
    expect(queries(api)[0]).toBe('?type=3&service=11&status=active&page=0');
    expect(await screen.findAllByTestId('rental-row')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(localStorage.getItem('myNumberType')).toBe('');
    expect(localStorage.getItem('myNumberStatus')).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('rental-row')).toHaveLength(3));
  });

  it('a click on a row opens the rental', async () => {
    stubApi({ ...quiet, 'GET /user/rentals': listByQuery() });
    const user = userEvent.setup();
    const { router } = renderPage('/dashboard/my-number');
    const [first] = await screen.findAllByTestId('rental-row');
    await user.click(within(first!).getByText('Shared'));
    expect(router.state.location.pathname).toBe('/dashboard/my-number/r0000000001');
  });

  it('pages with Previous and Next', async () => {
    const api = stubApi({
      ...quiet,
      'GET /user/rentals': (_body, url) => (url.searchParams.get('page') === '1' ? rentalsPage([rental(21)], null, 1) : rentalsPage([rental(1)], 1)),
    });
    const user = userEvent.setup();
    renderPage('/dashboard/my-number');
    await screen.findAllByTestId('rental-row');
    expect(screen.getByTestId('rentals-previous')).toBeDisabled();
    await user.click(screen.getByTestId('rentals-next'));
    await waitFor(() => expect(screen.getByTestId('rental-row')).toHaveTextContent('+447700900121'));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByTestId('rentals-next')).toBeDisabled();
    await user.click(screen.getByTestId('rentals-previous'));
    await waitFor(() => expect(screen.getByTestId('rental-row')).toHaveTextContent('+447700900101'));
    expect(queries(api)).toEqual(expect.arrayContaining(['?page=0', '?page=1']));
  });

  it('says when there is nothing yet, and when filters match nothing', async () => {
    localStorage.setItem('myNumberStatus', 'inactive');
    stubApi({ ...quiet, 'GET /user/rentals': listByQuery([]) });
    const user = userEvent.setup();
    renderPage('/dashboard/my-number');
    expect(await screen.findByText('No numbers match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('No numbers yet — buy one')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Buy Number' }).at(-1)).toHaveAttribute('href', '/dashboard/buy-number');
  });
});

describe('Manage Number', { timeout: slowMachineMs }, () => {
  it('keeps its filters under type, service and status', async () => {
    stubApi({ ...quiet, 'GET /user/rentals': listByQuery() });
    const user = userEvent.setup();
    renderPage('/dashboard/manage-number');
    await screen.findAllByTestId('rental-row');
    await user.selectOptions(screen.getByTestId('manageNumber-filter-status'), 'Deactive');
    await user.selectOptions(screen.getByTestId('manageNumber-filter-type'), 'Shared');
    expect(localStorage.getItem('status')).toBe('inactive');
    expect(localStorage.getItem('type')).toBe('1');
    expect(localStorage.getItem('service')).toBe('');
    expect(localStorage.getItem('myNumberStatus')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('rental-row').map((row) => row.getAttribute('data-status'))).toEqual(['inactive']));
  });

  it('closes a number inline: the row turns inactive and a toast tells the refund', async () => {
    let all = rentals.slice(0, 2);
    stubApi({
      ...quiet,
      'GET /user/rentals': (body, url) => listByQuery(all)(body, url),
      'POST /user/rentals/r0000000002/close': () => {
        const closed = { ...all[1]!, status: 'inactive' as const, ended: 'refunded' as const };
        all = [all[0]!, closed];
        return { message: 'success', data: closed, balance: 16 };
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage('/dashboard/manage-number');
    const rows = await screen.findAllByTestId('rental-row');
    // Temporary: Close only.
    expect(within(rows[1]!).queryByTestId('rental-extend')).toBeNull();
    expect(within(rows[0]!).getByTestId('rental-extend')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByTestId('rental-close'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('rental-close-refund')).toHaveTextContent('No code has arrived yet');
    await user.click(within(dialog).getByTestId('rental-close-confirm'));
    expect(await screen.findByText('Number closed. $3.50 went back to your balance.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('rental-row').map((row) => row.getAttribute('data-status'))).toEqual(['active', 'inactive']));
    expect(within(screen.getAllByTestId('rental-row')[1]!).queryByTestId('rental-close')).toBeNull();
    // Clicks inside the dialog did not open the rental.
    expect(router.state.location.pathname).toBe('/dashboard/manage-number');
  });
});
