import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notification, notificationPage, renderApp, resetSignedIn, signInAs } from '@/app/layout/signed-in/test-harness';
import { stubApi } from '@/test/render-with-providers';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const balance = () => ({ message: 'success', balance: 0, account_hold: null });
const pageOf = (url: URL) => Number(url.searchParams.get('page'));

beforeEach(() => {
  signInAs();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

async function openPanel() {
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  const panel = screen.getByRole('region', { name: 'Notification' });
  await within(panel).findAllByTestId('notification');
  return { user, panel };
}

describe('notification panel', { timeout: slowMachineMs }, () => {
  it('shows title, relative date and the message cut at 100 characters; unread items are bold with Read', async () => {
    const long = 'x'.repeat(140);
    stubApi({
      'GET /user/balance': balance,
      'GET /user/notifications': () =>
        notificationPage(0, [notification(5, { data: { title: 'Top-up', message: long } }), notification(90, { read_at: '2026-01-01T00:00:00Z' })], {
          unread_count: 3,
        }),
    });
    renderApp('/dashboard');
    const { panel } = await openPanel();
    expect(within(panel).getByRole('heading', { name: 'Notification' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read (3)' })).toBeEnabled();
    const [unread, read] = within(panel).getAllByTestId('notification');
    expect(unread).toHaveClass('notice--unread');
    expect(unread).toHaveTextContent('Top-up');
    expect(unread).toHaveTextContent('5 minutes ago');
    expect(unread).toHaveTextContent(`${'x'.repeat(100)}…`);
    expect(unread).not.toHaveTextContent('x'.repeat(101));
    expect(within(unread!).getByRole('button', { name: 'Read' })).toBeInTheDocument();
    expect(read).not.toHaveClass('notice--unread');
    expect(read).toHaveTextContent('1 hour ago');
    expect(within(read!).queryByRole('button', { name: 'Read' })).toBeNull();
  });

  it('clicking an item or its Read button marks it read, then the list is refetched from page 0', async () => {
    let readIds: string[] = [];
    const api = stubApi({
      'GET /user/balance': balance,
      'GET /user/notifications': () =>
        notificationPage(
          0,
          [1, 2].map((n) => notification(n, { read_at: readIds.includes(`n00${n}`) ? '2026-01-01T00:00:00Z' : null })),
        ),
      'POST /user/notification/read': (body) => {
        readIds = [...readIds, (body as { id: string }).id];
        return { status: 'success', message: 'Notification marked as read' };
      },
    });
    renderApp('/dashboard');
    const { user, panel } = await openPanel();
    const fetchesBefore = api.requestsTo('GET /user/notifications').length;

    await user.click(within(panel).getByRole('button', { name: 'Title 1 — mark as read' }));
    await waitFor(() => expect(api.requestsTo('GET /user/notifications').length).toBe(fetchesBefore + 1));
    expect(api.requestsTo('POST /user/notification/read')[0]!.body).toEqual({ id: 'n001' });
    expect(api.requestsTo('GET /user/notifications').at(-1)!.url.searchParams.get('page')).toBe('0');
    await waitFor(() => expect(within(panel).getAllByTestId('notification')[0]).not.toHaveClass('notice--unread'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await user.click(within(within(panel).getAllByTestId('notification')[1]!).getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')[1]).not.toHaveClass('notice--unread'));
    expect(api.requestsTo('POST /user/notification/read')).toHaveLength(2);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it("'Mark all as read (N)' marks everything read and shows the server's message", async () => {
    let allRead = false;
    const api = stubApi({
      'GET /user/balance': balance,
      'GET /user/notifications': () =>
        notificationPage(
          0,
          [1, 2, 3].map((n) => notification(n, { read_at: allRead ? '2026-01-01T00:00:00Z' : null })),
        ),
      'POST /user/notification/read/all': () => {
        allRead = true;
        return { status: 'success', message: 'All notifications marked as read' };
      },
    });
    renderApp('/dashboard');
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read (3)' }));
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Mark all as read (0)' })).toBeDisabled());
    expect(panel.querySelectorAll('.notice--unread')).toHaveLength(0);
    expect(api.requestsTo('POST /user/notification/read/all')).toHaveLength(1);
  });

  it('a failed mark-all is only logged', async () => {
    stubApi({
      'GET /user/balance': balance,
      'GET /user/notifications': () => notificationPage(0, [notification(1)]),
      'POST /user/notification/read/all': () => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 }),
    });
    renderApp('/dashboard');
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read (1)' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByRole('status', { name: /Nope/ })).toBeNull();
    expect(screen.queryByText('Nope')).toBeNull();
  });

  it('scrolling to the bottom loads the next page after 200 ms; an empty page stops loading; the poll resets paging', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pages: Record<number, ReturnType<typeof notificationPage>> = {
      0: notificationPage(
        0,
        [1, 2].map((n) => notification(n)),
        { next_page: 1 },
      ),
      1: notificationPage(
        1,
        [3, 4].map((n) => notification(n)),
        { next_page: 2 },
      ),
      2: notificationPage(2, [], { next_page: 3 }),
    };
    const api = stubApi({ 'GET /user/balance': balance, 'GET /user/notifications': (_body, url) => pages[pageOf(url)] });
    renderApp('/dashboard');
    const { panel } = await openPanel();
    const list = within(panel).getByTestId('notification-list');
    const requested = () => api.requestsTo('GET /user/notifications').map((request) => pageOf(request.url));
    const scrollToBottom = () => {
      Object.defineProperties(list, {
        scrollHeight: { value: 1000, configurable: true },
        clientHeight: { value: 530, configurable: true },
        scrollTop: { value: 470, configurable: true, writable: true },
      });
      fireEvent.scroll(list);
    };

    // Half way down: nothing.
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 530, configurable: true },
      scrollTop: { value: 100, configurable: true, writable: true },
    });
    fireEvent.scroll(list);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(requested()).toEqual([0]);

    scrollToBottom();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(requested()).toEqual([0]);
    await act(() => vi.advanceTimersByTimeAsync(60));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(4));
    expect(requested()).toEqual([0, 1]);

    scrollToBottom();
    await act(() => vi.advanceTimersByTimeAsync(250));
    await waitFor(() => expect(requested()).toEqual([0, 1, 2]));
    // Page 2 was empty: no more loading, whatever the scroll says.
    scrollToBottom();
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(requested()).toEqual([0, 1, 2]);
    expect(within(panel).getAllByTestId('notification')).toHaveLength(4);

    // The 10 s poll goes back to page 0 only.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')).toHaveLength(2));
    expect(requested().slice(3)).toEqual([0]);
  });
});
