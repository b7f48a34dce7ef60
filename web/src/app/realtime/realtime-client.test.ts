import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket';
import { createRealtimeClient, pingEveryMs, pongTimeoutMs, reconnectDelay, socketBaseUrl, type PushEvent, type RealtimeClientOptions } from './realtime-client';

const balance = (value: number): PushEvent => ({ type: 'balance', balance: value });

const started: Array<{ stop(): void }> = [];

function client(options: Partial<RealtimeClientOptions> = {}) {
  const events: PushEvent[] = [];
  const opened: boolean[] = [];
  const realtime = createRealtimeClient({
    url: 'wss://push.example.com/$default',
    token: () => 'tok en',
    onEvent: (event) => events.push(event),
    onOpen: (reconnected) => opened.push(reconnected),
    connect: FakeSocket.connect,
    random: () => 0.5,
    ...options,
  });
  started.push(realtime);
  return { realtime, events, opened };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  started.splice(0).forEach((realtime) => realtime.stop());
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('doubles from 1 s to a 30 s cap, each drawn from the upper half of its ceiling', () => {
    const highest = [0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, () => 1));
    const lowest = [0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, () => 0));
    expect(highest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(lowest).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    expect(reconnectDelay(2, () => 0.25)).toBe(2_500);
  });
});

describe('socketBaseUrl', () => {
  it('is VITE_WS_URL when set, else the local gateway on the page host (wss on https)', () => {
    expect(socketBaseUrl('wss://abc.execute-api.us-east-1.amazonaws.com/$default', { protocol: 'https:', host: 'x' })).toBe(
      'wss://abc.execute-api.us-east-1.amazonaws.com/$default',
    );
    expect(socketBaseUrl('', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/_local/ws');
    expect(socketBaseUrl(undefined, { protocol: 'https:', host: 'nest.test' })).toBe('wss://nest.test/_local/ws');
  });
});

describe('createRealtimeClient', () => {
  it('connects with the token in the query string and hands over push events only', () => {
    const { realtime, events, opened } = client();
    realtime.start();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('wss://push.example.com/$default?token=tok%20en');
    socket.accept();
    expect(realtime.state).toBe('open');
    expect(opened).toEqual([false]);

    socket.push(balance(3.5));
    socket.push({ type: 'pong' });
    socket.push({ type: 'something-else' });
    socket.push('not json');
    socket.push({ no: 'type' });
    expect(events).toEqual([balance(3.5)]);
  });

  it('hands over only frames the contract’s pushEventSchema accepts', () => {
    const { realtime, events } = client();
    realtime.start();
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: 'balance', balance: '3.50' });
    socket.push({ type: 'rental' });
    socket.push({ type: 'message', message: { id: 'm1' } });
    socket.push({
      type: 'notification',
      notification: { id: 'n1', read_at: null, created_at: '2026-01-01T00:00:00.000Z', data: { title: 'T', message: 'M' } },
    });
    expect(events).toEqual([
      { type: 'notification', notification: { id: 'n1', read_at: null, created_at: '2026-01-01T00:00:00.000Z', data: { title: 'T', message: 'M' } } },
    ]);
  });

  it('reconnects after a drop with growing, capped delays, and resets them once connected', () => {
    const { realtime, opened } = client({ random: () => 1 });
    realtime.start();
    FakeSocket.latest().accept();

    const waits: number[] = [];
    for (let refusal = 0; refusal < 7; refusal++) {
      const before = FakeSocket.made.length;
      FakeSocket.latest().drop();
      expect(realtime.state).toBe('waiting');
      let waited = 0;
      while (FakeSocket.made.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);

    FakeSocket.latest().accept();
    expect(opened).toEqual([false, true]); // the second open says "reconnected" (events may have been missed)
    const before = FakeSocket.made.length;
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made.length).toBe(before);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made.length).toBe(before + 1); // back to 1 s
  });

  it('pings every 4 minutes; a pong keeps the socket, a missing one drops it and reconnects', () => {
    const { realtime } = client();
    realtime.start();
    const socket = FakeSocket.latest();
    socket.accept();

    vi.advanceTimersByTime(pingEveryMs - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    socket.push({ type: 'pong' });
    vi.advanceTimersByTime(pongTimeoutMs);
    expect(socket.closedWith).toBeUndefined();

    vi.advanceTimersByTime(pingEveryMs - pongTimeoutMs);
    expect(socket.sent).toHaveLength(2);
    vi.advanceTimersByTime(pongTimeoutMs); // no pong this time
    expect(socket.closedWith).toBe(1000);
    expect(realtime.state).toBe('waiting');
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('stop closes the socket, ignores what the old socket still says, and never reconnects', () => {
    const { realtime, events } = client();
    realtime.start();
    const socket = FakeSocket.latest();
    socket.accept();
    const { onmessage, onclose } = socket;
    realtime.stop();
    expect(socket.closedWith).toBe(1000);
    expect(realtime.state).toBe('stopped');
    onmessage?.(new MessageEvent('message', { data: JSON.stringify(balance(1)) }));
    onclose?.(new CloseEvent('close'));
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it('waits while there is no token and uses the current one at each attempt', () => {
    let token: string | null = null;
    const { realtime } = client({ token: () => token });
    realtime.start();
    expect(FakeSocket.made).toHaveLength(0);
    token = 'first';
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.latest().url).toContain('token=first');
    token = 'refreshed';
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(2_000);
    expect(FakeSocket.latest().url).toContain('token=refreshed');
  });

  it('coming back online retries at once instead of waiting out the backoff', () => {
    const { realtime } = client({ random: () => 1 });
    realtime.start();
    for (let i = 0; i < 5; i++) {
      FakeSocket.latest().drop();
      vi.advanceTimersByTime(30_000);
    }
    const before = FakeSocket.made.length;
    FakeSocket.latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made.length).toBe(before + 1);
    realtime.stop();
  });

  it('asks whether the session still stands after a close or refusal: it stops when it has ended, retries when it stands', async () => {
    let alive = true;
    const asked: number[] = [];
    const { realtime } = client({ random: () => 1, sessionAlive: async () => (asked.push(FakeSocket.made.length), alive) });
    realtime.start();
    FakeSocket.latest().accept();

    FakeSocket.latest().drop(); // a drop while the session stands: checked, then tried again
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([1]);
    expect(FakeSocket.made).toHaveLength(2);

    alive = false; // revoked elsewhere: the server closes the socket, then refuses every handshake
    FakeSocket.latest().drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([1, 2]);
    expect(FakeSocket.made).toHaveLength(2);
    expect(realtime.state).toBe('stopped');
  });

  it('retries when the session cannot be checked (offline), and a check answered after a stop changes nothing', async () => {
    let answer: (alive: boolean) => void = () => undefined;
    const failing = client({ random: () => 1, sessionAlive: () => Promise.reject(new TypeError('Failed to fetch')) });
    failing.realtime.start();
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);

    FakeSocket.reset();
    const late = client({ random: () => 1, sessionAlive: () => new Promise((resolve) => (answer = resolve)) });
    late.realtime.start();
    FakeSocket.latest().drop();
    late.realtime.stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(late.realtime.state).toBe('stopped');
  });
});
