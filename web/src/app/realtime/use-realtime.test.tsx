import { NumberType, type Message, type MessagesReply, type Rental, type RentalsReply, type User } from '@numbernest/contracts';
import { defaultUserSettings } from '@numbernest/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '@/lib/auth-state';
import { renderWithProviders, stubApi } from '@/test/render-with-providers';
import { messagesPage, rentalsPage } from '@/features/rentals/test-fixtures';
import { useBalance } from '@/lib/balance';
import { useNotifications } from '@/features/notifications/api/use-notifications';
import { playRingtone } from '@/lib/ringtones';
import { realtimeEvents, useRealtimeEvent, type RealtimeEventDetail } from './dom-events';
import { FakeSocket } from './fake-socket';
import { reconnectCapMs } from './realtime-client';
import { useRealtime } from './use-realtime';

vi.mock('@/lib/ringtones', () => ({ playRingtone: vi.fn(() => true) }));

const rental: Rental = {
  id: 'r1',
  number: '+447700900123',
  country: { id: 44, name: 'United Kingdom', code: 'GB' },
  service: { id: 12, name: 'Telegram', url: '/images/services/telegram.svg' },
  type: NumberType.Shared,
  status: 'active',
  started_at: '2026-01-02T10:00:00.000Z',
  expires_at: '2026-01-09T10:00:00.000Z',
  price: 1.5,
  messages_count: 1,
  sent_count: 0,
  last_message: null,
  ended: null,
  refundable_until: null,
  closable_from: '2026-01-02T10:00:00.000Z',
  refundable: false,
  can_extend: true,
  refund_window: true,
  sends_sms: false,
};
const message: Message = {
  id: 'm1',
  rental_id: 'r1',
  box: 'inbox',
  from: 'Telegram',
  to: '+447700900123',
  body: 'Your code is 12345',
  code: '12345',
  created_at: '2026-01-02T10:05:00.000Z',
  price: null,
};

const page = (unread: number) => ({ data: { current_page: 0, per_page: 20, data: [], next_page: null, unread_count: unread } });
const profile = (settings: Partial<User['settings']>): { data: User } => ({
  data: {
    id: 'u1',
    email: 'ada@example.com',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    balance: 1,
    settings: { ...defaultUserSettings, ...settings },
    created_at: '2026-01-01T00:00:00.000Z',
    operator: false,
    account_hold: null,
  },
});

/** A signed-in screen: the push socket, the balance, the bell's list, a rentals list and a messages list. */
function Screen({ userId = 'u1' as string | null, onMessage = (_: RealtimeEventDetail['numbernest:message']) => undefined }) {
  useRealtime(userId, { connect: FakeSocket.connect, url: 'ws://push.test/_local/ws' });
  useRealtimeEvent(realtimeEvents.message, onMessage);
  const balance = useBalance(true);
  const notifications = useNotifications({ enabled: true, onUnauthorized: () => undefined });
  // Each list's stub numbers its answers in current_page, so a refetch shows.
  const rentals = useSWR<RentalsReply>('/user/rentals?page=0');
  const messages = useSWR<MessagesReply>('/user/messages?page=0');
  return (
    <div>
      <p data-testid="balance">{balance.data?.balance}</p>
      <p data-testid="unread">{notifications.unreadCount}</p>
      <p data-testid="rentals">{rentals.data?.data.current_page}</p>
      <p data-testid="messages">{messages.data?.data.current_page}</p>
    </div>
  );
}

let unread = 0;
let rentalsServed = 0;
let messagesServed = 0;
let settings: Partial<User['settings']> = {};

function api() {
  return stubApi({
    'GET /user/balance': () => ({ message: 'success', balance: 1, account_hold: null }),
    'GET /user/notifications': () => page(unread),
    'GET /user/rentals': () => rentalsPage([], null, ++rentalsServed),
    'GET /user/messages': () => messagesPage([], null, ++messagesServed),
    'GET /user': () => profile(settings),
  });
}

async function openScreen(props: Parameters<typeof Screen>[0] = {}) {
  const requests = api();
  const view = renderWithProviders(<Screen {...props} />);
  await waitFor(() => expect(screen.getByTestId('rentals')).toHaveTextContent('1'));
  await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('1'));
  await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1'));
  const socket = FakeSocket.latest();
  act(() => socket.accept());
  return { requests, socket, view };
}

const push = (socket: FakeSocket, event: unknown) => act(() => socket.push(event));

beforeEach(() => {
  FakeSocket.reset();
  unread = 0;
  rentalsServed = 0;
  messagesServed = 0;
  settings = {};
  vi.mocked(playRingtone).mockClear();
  authState.signIn('the-token', { id: 'u1', email: 'ada@example.com', email_verified_at: '2026-01-01T00:00:00.000Z', balance: 1 });
});
afterEach(() => {
  vi.useRealTimers();
  authState.clear();
  vi.unstubAllGlobals();
});

describe('useRealtime', () => {
  it('opens one socket with the stored token', async () => {
    await openScreen();
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.latest().url).toBe('ws://push.test/_local/ws?token=the-token');
  });

  it('a balance push shows the new balance at once and in the stored user, without asking the server', async () => {
    const { requests, socket } = await openScreen();
    push(socket, { type: 'balance', balance: 7.25 });
    expect(screen.getByTestId('balance')).toHaveTextContent('7.25');
    expect(authState.get().user?.balance).toBe(7.25);
    expect(requests.requestsTo('GET /user/balance')).toHaveLength(1);
  });

  it('a notification push fetches the first page again, so the unread count follows', async () => {
    const { requests, socket } = await openScreen();
    expect(screen.getByTestId('unread')).toHaveTextContent('0');
    unread = 1;
    push(socket, {
      type: 'notification',
      notification: { id: 'n1', read_at: null, created_at: '2026-01-02T10:00:00.000Z', data: { title: 'T', message: 'M' } },
    });
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('1'));
    expect(requests.requestsTo('GET /user/notifications').map((r) => r.url.searchParams.get('page'))).toEqual(['0', '0']);
  });

  it('a rental push asks every rentals and messages key again and fires numbernest:rental', async () => {
    const { socket } = await openScreen();
    const heard = vi.fn();
    window.addEventListener(realtimeEvents.rental, heard);
    push(socket, { type: 'rental', rental: { ...rental, status: 'inactive', ended: 'closed' } });
    await waitFor(() => expect(screen.getByTestId('rentals')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('2'));
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ rental: { ...rental, status: 'inactive', ended: 'closed' } });
    window.removeEventListener(realtimeEvents.rental, heard);
    expect(playRingtone).not.toHaveBeenCalled();
  });

  it('a message push refreshes the lists, hands the message to useRealtimeEvent and plays the Ringtone setting', async () => {
    settings = { ringtone: 'chime' };
    const onMessage = vi.fn();
    const { requests, socket } = await openScreen({ onMessage });
    push(socket, { type: 'message', message, rental });
    expect(onMessage).toHaveBeenCalledWith({ message, rental });
    await waitFor(() => expect(playRingtone).toHaveBeenCalledWith('chime'));
    await waitFor(() => expect(screen.getByTestId('rentals')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('2'));

    push(socket, { type: 'message', message: { ...message, id: 'm2' }, rental });
    await waitFor(() => expect(playRingtone).toHaveBeenCalledTimes(2));
    expect(requests.requestsTo('GET /user')).toHaveLength(1); // the settings are read once, then cached
  });

  it.each([
    ['notifications are off', { notification: false, ringtone: 'bell' as const }],
    ['the ringtone is None', { ringtone: 'none' as const }],
  ])('plays nothing for a message when %s', async (_, chosen) => {
    settings = chosen;
    const onMessage = vi.fn();
    const { requests, socket } = await openScreen({ onMessage });
    push(socket, { type: 'message', message, rental });
    await waitFor(() => expect(requests.requestsTo('GET /user')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('2'));
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(playRingtone).not.toHaveBeenCalled();
  });

  it('after a drop it reconnects and fetches what a missed push would have changed', async () => {
    const { requests, socket } = await openScreen();
    act(() => socket.drop());
    await waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 3_000 });
    act(() => FakeSocket.latest().accept());
    await waitFor(() => expect(requests.requestsTo('GET /user/balance')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('rentals')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('2'));
    await waitFor(() => expect(requests.requestsTo('GET /user/notifications')).toHaveLength(2));
  });

  it('a socket closed on a revoked session signs the visitor out instead of reconnecting', async () => {
    // The clock is the test's: every reconnect delay there could be is passed at once, not waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, socket } = await openScreen();
    requests.mockImplementation(async () => new Response('{"message":"Your session has ended; sign in again","code":"SESSION_ENDED"}', { status: 401 }));
    act(() => socket.drop(1000)); // the server closed it (logout elsewhere, password reset)
    await waitFor(() => expect(authState.get()).toEqual({ token: '', user: null }));
    await act(() => vi.advanceTimersByTimeAsync(reconnectCapMs));
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('signing out closes the socket; nobody signed in opens none', async () => {
    const { socket, view } = await openScreen();
    view.unmount();
    expect(socket.closedWith).toBe(1000);
    FakeSocket.reset();
    api();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<Screen userId={null} />);
    await act(() => vi.advanceTimersByTimeAsync(reconnectCapMs)); // any deferred connect would have run by now
    expect(FakeSocket.made).toHaveLength(0);
  });
});
