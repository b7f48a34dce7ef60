import { pushEventSchema, socketPing, socketPong, type PushEvent } from '@numbernest/contracts';

export type { PushEvent };

/** Reconnect delays: doubling from 1 s up to 30 s, each drawn from the upper half ("equal jitter"). */
export const reconnectBaseMs = 1_000;
export const reconnectCapMs = 30_000;
/** API Gateway drops a socket idle for 10 minutes; a ping every 4 keeps it (and its stored item) alive. */
export const pingEveryMs = 4 * 60_000;
/** A ping not answered this fast means a dead connection: drop it and reconnect. */
export const pongTimeoutMs = 10_000;

/** The wait before reconnect attempt `attempt` (0 = the first after a drop). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(reconnectCapMs, reconnectBaseMs * 2 ** Math.min(attempt, 16));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * Where the socket is: `VITE_WS_URL` on AWS (stacks/web.ts bakes in the WebSocket API's url),
 * otherwise the local cloud's gateway on the page's own host (`/_local/ws`: one port for everything).
 */
export function socketBaseUrl(
  configured: string | undefined = import.meta.env.VITE_WS_URL,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  if (configured) return configured;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/_local/ws`;
}

/** The socket API the client needs (the browser's WebSocket; tests hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  /** The socket's URL without the token. */
  url: string;
  /** Read at every (re)connect, so a refreshed token is used; no token: no attempt. */
  token: () => string | null;
  onEvent: (event: PushEvent) => void;
  /** Each time the socket opens; `reconnected` after a drop (events may have been missed meanwhile). */
  onOpen?: (reconnected: boolean) => void;
  /**
   * Asked each time the socket closes (or its handshake is refused: a browser cannot tell a 401
   * from a drop), before trying again. False: the session has ended (revoked: logout elsewhere,
   * password change or reset, account deleted), so the client stops instead of retrying with a
   * token the server refuses. Unset, or failing (offline): try again.
   */
  sessionAlive?: () => Promise<boolean>;
  connect?: SocketFactory;
  random?: () => number;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** 'open' while connected, 'waiting' between attempts, 'connecting', or 'stopped'. */
  readonly state: 'stopped' | 'connecting' | 'open' | 'waiting';
}

const OPEN = 1;

/**
 * One WebSocket to the realtime API: connects with `?token=`, hands every push event to `onEvent`,
 * pings every 4 minutes (a missing pong drops the socket), and after any drop or refusal tries
 * again with exponential backoff and jitter (1 s doubling to a 30 s cap; reset once connected),
 * unless `sessionAlive` says the session has ended: then it stops.
 * Coming back online retries at once. Framework-free; `useRealtime` mounts it.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const connect: SocketFactory = options.connect ?? ((url) => new WebSocket(url));
  const random = options.random ?? Math.random;
  let state: RealtimeClient['state'] = 'stopped';
  let socket: SocketLike | null = null;
  let attempt = 0;
  let openedBefore = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts closes, so a session check answered after a newer close (or a stop) changes nothing. */
  let closes = 0;

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    retryTimer = pingTimer = pongTimer = undefined;
  };

  /** Forgets the current socket at once (its late events are ignored) and closes it. */
  const drop = () => {
    const current = socket;
    socket = null;
    clearTimers();
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    try {
      current.close(1000);
    } catch {
      // already closed
    }
  };

  const scheduleRetry = () => {
    drop();
    if (state === 'stopped') return;
    state = 'waiting';
    retryTimer = setTimeout(open, reconnectDelay(attempt++, random));
  };

  /** The socket closed or was refused: try again, unless the session has ended. */
  const closed = () => {
    if (!options.sessionAlive) return scheduleRetry();
    drop();
    if (state === 'stopped') return;
    state = 'waiting';
    const close = ++closes;
    options.sessionAlive().then(
      (alive) => {
        if (close !== closes || state !== 'waiting' || socket || retryTimer) return; // stopped, or another attempt already under way
        if (alive) scheduleRetry();
        else client.stop();
      },
      () => {
        if (close === closes && state === 'waiting' && !socket && !retryTimer) scheduleRetry();
      },
    );
  };

  const ping = () => {
    if (!socket || socket.readyState !== OPEN) return;
    socket.send(JSON.stringify(socketPing));
    clearTimeout(pongTimer);
    pongTimer = setTimeout(scheduleRetry, pongTimeoutMs);
  };

  function open() {
    if (state === 'stopped') return;
    const token = options.token();
    if (!token) return scheduleRetry();
    state = 'connecting';
    let current: SocketLike;
    try {
      current = connect(`${options.url}${options.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`);
    } catch {
      return scheduleRetry();
    }
    socket = current;
    const isCurrent = () => socket === current; // a dropped socket's late events change nothing
    current.onopen = () => {
      if (!isCurrent()) return;
      state = 'open';
      attempt = 0;
      pingTimer = setInterval(ping, pingEveryMs);
      options.onOpen?.(openedBefore);
      openedBefore = true;
    };
    current.onmessage = (message) => {
      const frame = isCurrent() ? parse(message.data) : undefined;
      if (frame === undefined) return;
      if ((frame as { type?: unknown } | null)?.type === socketPong.type) return void clearTimeout(pongTimer);
      // Only what the contract describes reaches the page; anything else (a newer server's event) is ignored.
      const event = pushEventSchema.safeParse(frame);
      if (event.success) options.onEvent(event.data);
    };
    // A refused handshake (401) and a dropped connection look the same to a browser: the session is checked, then both retry.
    current.onclose = () => {
      if (isCurrent()) closed();
    };
    current.onerror = () => undefined; // a close follows
  }

  const online = () => {
    if (state !== 'waiting') return;
    clearTimeout(retryTimer);
    open();
  };

  const client: RealtimeClient = {
    get state() {
      return state;
    },
    start() {
      if (state !== 'stopped') return;
      state = 'connecting';
      attempt = 0;
      openedBefore = false;
      globalThis.addEventListener?.('online', online);
      open();
    },
    stop() {
      if (state === 'stopped') return;
      state = 'stopped';
      closes++;
      globalThis.removeEventListener?.('online', online);
      drop();
    },
  };
  return client;
}

/** A text frame's JSON (undefined: not text, or not JSON). */
function parse(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}
