import type { SocketLike } from './realtime-client';

/**
 * Test double of the browser's WebSocket, driven from the test as the server would: `accept()`,
 * `push(event)`, `drop()`. Every socket made is kept in `FakeSocket.made`, newest last.
 */
export class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  static readonly connect = (url: string) => new FakeSocket(url);
  static latest = () => FakeSocket.made.at(-1)!;
  static reset() {
    FakeSocket.made = [];
  }

  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: string[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }

  close(code = 1005) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server completes the handshake. */
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a frame (an object is sent as JSON). */
  push(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  /** The connection ends (or the handshake is refused: a browser sees 1006 either way). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
