import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '@/lib/auth-state';
import { stubApi } from '@/test/render-with-providers';
import { notification, notificationPage, renderApp, resetSignedIn, signInAs, verifiedUser } from './test-harness';
import i18n from '@/lib/i18n';

// Whole screens with lazy parts render slowly on a busy machine; the default 5 s is too tight.
const slowMachineMs = 20_000;

const balance = (value: number) => () => ({ message: 'success', balance: value, account_hold: null });
const noNotifications = () => notificationPage(0, []);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetSignedIn);

describe('signed-in header', { timeout: slowMachineMs }, () => {
  it('signed out, even on a dashboard path: Sign In and Sign Up, no account tools', async () => {
    stubApi({});
    renderApp('/dashboard');
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    expect(screen.queryByText('My Balance:')).toBeNull();
  });

  it('signed in outside the dashboard: the user menu instead of the buttons, no balance or bell', async () => {
    signInAs();
    const api = stubApi({});
    renderApp('/about');
    const trigger = await screen.findByRole('button', { name: 'Account menu of ada@example.com' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByText('My Balance:')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(api).not.toHaveBeenCalled(); // no polling outside the dashboard

    await userEvent.click(trigger);
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['My Dashboard', '/dashboard'],
      ['My Number', '/dashboard/my-number'],
      ['TOP UP Balance', '/dashboard/topup-balance'],
      ['Transaction History', '/dashboard/transaction'],
      ['Appearance', '/dashboard/appearance'],
      ['Account setting', '/dashboard/account-settings'],
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('gives an operator an Operator link to the console, after the customer links', async () => {
    signInAs({ ...verifiedUser, operator: true });
    stubApi({});
    renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of ada@example.com' }));
    const links = [...screen.getByRole('navigation', { name: 'Account' }).querySelectorAll('a')];
    expect(links.at(-1)?.textContent).toBe('Operator');
    expect(links.at(-1)).toHaveAttribute('href', '/ops');
    expect(links).toHaveLength(7);
  });

  it('inside the dashboard: a wider bar with My Balance, the plus link, the bell and the user menu', async () => {
    signInAs();
    stubApi({ 'GET /user/balance': balance(12.5), 'GET /user/notifications': noNotifications });
    renderApp('/dashboard/transaction');
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('site-header--dashboard');
    expect(await within(header).findByTestId('header-balance')).toHaveTextContent('My Balance: $12.50');
    expect(within(header).getByRole('link', { name: 'Top up balance' })).toHaveAttribute('href', '/dashboard/topup-balance');
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Account menu of ada@example.com' })).toBeInTheDocument();
    expect(within(header).queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('keeps the stored balance in step with the server and shows it with 2 decimals', async () => {
    signInAs({ ...verifiedUser, balance: 0 });
    stubApi({ 'GET /user/balance': balance(3.1), 'GET /user/notifications': noNotifications });
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('My Balance: $3.10'));
    expect(authState.get().user?.balance).toBe(3.1);
    expect(JSON.parse(localStorage.getItem('user')!).balance).toBe(3.1);
  });

  it('a balance below zero (a card payment taken back) reads as owed, in both languages', async () => {
    signInAs({ ...verifiedUser, balance: 0 });
    stubApi({ 'GET /user/balance': balance(-20.5), 'GET /user/notifications': noNotifications });
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('You owe: $20.50'));
    expect(screen.getByTestId('header-balance').closest('.balance-pill')).toHaveClass('balance-pill--owed');
    await act(() => i18n.changeLanguage('ru'));
    try {
      expect(screen.getByTestId('header-balance')).toHaveTextContent('Ваш долг: 20,50 $');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('opens only one of the user menu and the notification panel; a click outside or Escape closes both', async () => {
    signInAs();
    stubApi({ 'GET /user/balance': balance(0), 'GET /user/notifications': () => notificationPage(0, [notification(1)]) });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    const menuTrigger = screen.getByRole('button', { name: /Account menu/ });

    await user.click(menuTrigger);
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    await user.click(bell);
    expect(screen.getByRole('region', { name: 'Notification' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    await user.click(menuTrigger);
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();

    await user.click(screen.getByText('Dashboard page'));
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    await user.click(bell);
    expect(screen.getByRole('region', { name: 'Notification' })).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    await user.click(bell);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('the bell shows the unread count of the whole account, 99+ past 99', async () => {
    signInAs();
    let unread = 7;
    stubApi({ 'GET /user/balance': balance(0), 'GET /user/notifications': () => notificationPage(0, [notification(1)], { unread_count: unread }) });
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('7');
    expect(screen.getByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
    unmount();
    unread = 120;
    renderApp('/dashboard');
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('99+');
  });

  it('an unverified e-mail fetches neither balance nor notifications, and the panel says why', async () => {
    signInAs({ ...verifiedUser, email_verified_at: null, balance: 0 });
    const api = stubApi({});
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Verify your e-mail address to receive notifications.')).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read (0)' })).toBeDisabled();
    expect(api).not.toHaveBeenCalled();
  });

  it('the mobile drawer lists the dashboard pages and Logout, and closes on Escape', async () => {
    signInAs();
    stubApi({ 'GET /user/balance': balance(0), 'GET /user/notifications': noNotifications });
    const user = userEvent.setup();
    renderApp('/dashboard/appearance');
    await user.click(screen.getByRole('button', { name: 'Open dashboard menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Dashboard menu' });
    expect([...drawer.querySelectorAll('.side-link')].map((item) => item.textContent)).toEqual([
      'Home',
      'My Number',
      'Manage Number',
      'Buy Number',
      'Transaction',
      'Balance Transfer',
      'TOP-UP Balance',
      'Appearance',
      'Account Setting',
      'Logout',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Appearance' })).toHaveClass('active');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Dashboard menu' })).toBeNull();
  });

  it('polls balance at start and every 30 s, notifications at start and every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs();
    const api = stubApi({ 'GET /user/balance': balance(0), 'GET /user/notifications': noNotifications });
    renderApp('/dashboard');
    await waitFor(() => expect(api.requestsTo('GET /user/balance')).toHaveLength(1));
    await waitFor(() => expect(api.requestsTo('GET /user/notifications')).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.requestsTo('GET /user/notifications')).toHaveLength(2);
    expect(api.requestsTo('GET /user/balance')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.requestsTo('GET /user/notifications')).toHaveLength(4);
    expect(api.requestsTo('GET /user/balance')).toHaveLength(2);
    expect(api.requestsTo('GET /user/notifications').every((request) => request.url.searchParams.get('page') === '0')).toBe(true);
  });

  it('a 401 on the notification fetch logs out and goes to /logIn', async () => {
    signInAs();
    stubApi({
      'GET /user/balance': balance(0),
      'GET /user/notifications': () => new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }),
      'POST /logout': () => new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }),
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logIn'), { timeout: 4000 });
    expect(authState.get()).toEqual({ token: '', user: null });
    expect(await screen.findByText('Logout Successfully')).toBeInTheDocument();
  });
});
